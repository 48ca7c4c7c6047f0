/// Timing of the hits at one place of the beat in every bar (beat 3, part 2:
/// the & of 3 in 8ths), bars with click only. Offsets cover matched hits.
public struct PositionSummary: Hashable, Sendable {
    public var beat: Int
    /// The part of the beat in the scoring subdivision (1 is the beat itself).
    public var subdivision: Int
    /// Matched hits and extras.
    public var hits: Int
    public var matched: Int
    public var meanOffsetMs: Double?
    public var sdOffsetMs: Double?

    /// The grid of `hits` (count-in and bars without click left out), beat by
    /// beat and part by part.
    public static func grid(_ hits: [ScoredHit]) -> [PositionSummary] {
        var cells: [GridPosition: (hits: Int, moments: RunningMoments)] = [:]
        for hit in hits where !hit.countIn && !hit.muted {
            let position = hit.position
            let place = GridPosition(bar: 0, beat: position.beat, subdivision: position.subdivision)
            cells[place, default: (0, RunningMoments())].hits += 1
            if hit.grade.isMatched { cells[place]?.moments.add(hit.offsetMs) }
        }
        return cells.sorted { $0.key < $1.key }.map { place, cell in
            PositionSummary(
                beat: place.beat, subdivision: place.subdivision, hits: cell.hits, matched: cell.moments.count,
                meanOffsetMs: cell.moments.mean, sdOffsetMs: cell.moments.sampleStandardDeviation)
        }
    }
}

extension PositionSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case beat, subdivision, hits, matched, meanOffsetMs, sdOffsetMs
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.counts([.beat: beat, .subdivision: subdivision, .hits: hits, .matched: matched])
        try c.milliseconds([.meanOffsetMs: meanOffsetMs, .sdOffsetMs: sdOffsetMs])
    }
}
