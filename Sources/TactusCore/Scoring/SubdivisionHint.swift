/// Whether a performance was scored on too coarse a grid: many hits (a
/// quarter or more) fall between the grid's lines — an eighth-note hi-hat
/// scored against quarter notes counts every other hit as an extra — and
/// nearly all of them sit on
/// the lines of a grid two, three or four times finer — the subdivision to
/// score with instead.
public struct SubdivisionHint: Hashable, Sendable {
    /// Hits farther than a quarter of the line spacing from the nearest line.
    public var between: Int
    public var total: Int
    /// The subdivision scored with.
    public var scored: Int
    /// The subdivision that fits (per beat).
    public var subdivision: Int

    /// Fewer hits than this say nothing about the grid.
    public static let leastHits = 8
    /// The share of hits that must sit on the finer grid's lines.
    public static let fitShare = 0.8

    public init(between: Int, total: Int, scored: Int, subdivision: Int) {
        self.between = between
        self.total = total
        self.scored = scored
        self.subdivision = subdivision
    }

    /// - Parameters:
    ///   - offsetsMs: Each hit's offset from its nearest grid line.
    ///   - lineSpacingMs: The time between two lines of the grid scored against.
    ///   - subdivision: The grid's lines per beat.
    public init?(offsetsMs: [Double], lineSpacingMs: Double, subdivision: Int) {
        guard offsetsMs.count >= Self.leastHits, lineSpacingMs > 0, subdivision >= 1 else { return nil }
        let phases = offsetsMs.map { $0 / lineSpacingMs }
        let between = phases.filter { abs($0) > 0.25 }.count
        guard 4 * between >= phases.count else { return nil }
        for factor in 2...4 {
            let tolerance = 1 / (6 * Double(factor))
            let fitting = phases.filter { phase in
                let scaled = phase * Double(factor)
                return abs(scaled - scaled.rounded()) / Double(factor) <= tolerance
            }.count
            if Double(fitting) >= Self.fitShare * Double(phases.count) {
                self.init(between: between, total: phases.count, scored: subdivision, subdivision: subdivision * factor)
                return
            }
        }
        return nil
    }

    /// The hint for a report scored without swing, from its hits after any count-in.
    public init?(report: PracticeReport) {
        let scoring = report.settings.scoring
        guard scoring.swing == nil else { return nil }
        let beatMs = 60_000 / report.settings.tempo.bpm
        let offsets = report.hits.filter { !$0.countIn }.map(\.offsetMs)
        self.init(offsetsMs: offsets, lineSpacingMs: beatMs / Double(scoring.subdivision), subdivision: scoring.subdivision)
    }

    /// `312 of 379 hits fall between the beats, as eighths would; score them with --subdivision 2`
    public var text: String {
        let lines = scored == 1 ? "the beats" : "the lines of --subdivision \(scored)"
        let name = switch subdivision {
        case 2: "eighths"
        case 3: "triplets"
        case 4: "sixteenths"
        default: "\(subdivision) notes a beat"
        }
        return "\(between) of \(total) hits fall between \(lines), as \(name) would; score them with --subdivision \(subdivision)"
    }
}
