/// Whether a performance was scored expecting every subdivision while the
/// part is sparser: most expected positions went unplayed — a backbeat scored
/// with `--subdivision 4` misses three positions of every four — and nearly
/// all hits sit on a coarser set of slots, the beats or every n-th
/// subdivision, which `--expected` can ask for instead.
public struct ExpectedHint: Hashable, Sendable {
    /// Expected positions missed, of all expected positions.
    public var misses: Int
    public var positions: Int
    /// Matched hits on the coarser slots, of all matched hits.
    public var fitting: Int
    public var hits: Int
    /// What to pass to `--expected`: `.beats` or a pattern.
    public var expected: ExpectedPositions

    public init(misses: Int, positions: Int, fitting: Int, hits: Int, expected: ExpectedPositions) {
        self.misses = misses
        self.positions = positions
        self.fitting = fitting
        self.hits = hits
        self.expected = expected
    }

    /// - Parameters:
    ///   - subdivisions: The subdivision (from 1) of each matched hit's grid position.
    ///   - misses: Expected positions without a hit.
    ///   - subdivision: The grid's lines per beat.
    ///   - expected: The positions that were expected.
    public init?(subdivisions: [Int], misses: Int, subdivision: Int, expected: ExpectedPositions) {
        let hits = subdivisions.count
        guard expected == .everySubdivision, subdivision >= 2, hits >= SubdivisionHint.leastHits,
              2 * misses > hits + misses else { return nil }
        // The coarsest step that fits: every subdivision-th slot is the beat.
        for step in stride(from: subdivision, through: 2, by: -1) where subdivision % step == 0 {
            let fitting = subdivisions.filter { ($0 - 1) % step == 0 }.count
            guard Double(fitting) >= SubdivisionHint.fitShare * Double(hits) else { continue }
            self.init(
                misses: misses, positions: hits + misses, fitting: fitting, hits: hits,
                expected: step == subdivision ? .beats : .pattern((0..<subdivision).map { $0 % step == 0 }))
            return
        }
        return nil
    }

    /// The hint for a report, from its matched hits after any count-in.
    public init?(report: PracticeReport) {
        let scoring = report.settings.scoring
        let subdivisions = report.hits.filter { !$0.countIn && $0.grade != .extra }.map(\.position.subdivision)
        self.init(subdivisions: subdivisions, misses: report.summary.misses,
                  subdivision: scoring.subdivision, expected: scoring.expected)
    }

    /// `675 of 900 expected positions were missed, and 225 of 225 hits are on
    /// the beats; to expect only those, add --expected beats`
    public var text: String {
        let slots = expected == .beats ? "the beats" : "the slots of \(expected)"
        return "\(misses) of \(positions) expected positions were missed, and \(fitting) of \(hits) hits are on \(slots); "
            + "to expect only those, add --expected \(expected)"
    }
}
