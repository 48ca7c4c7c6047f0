/// Running figures of hits as the live view shows them (hits, mean, SD, %
/// in the good window), kept hit by hit: constant work a hit.
public struct LiveTally: Hashable, Sendable {
    private var moments = RunningMoments()
    private var hits = 0
    private var inWindow = 0

    public init() {}

    /// Adds a hit at `offsetMs` graded `grade`; extras count as hits but not in the mean.
    public mutating func add(offsetMs: Double, grade: HitGrade) {
        hits += 1
        if grade == .perfect || grade == .good { inWindow += 1 }
        if grade.isMatched { moments.add(offsetMs) }
    }

    public var statistics: LiveStatistics {
        LiveStatistics(
            hits: hits, meanOffsetMs: moments.mean, sdOffsetMs: moments.sampleStandardDeviation,
            percentInWindow: hits > 0 ? 100 * Double(inWindow) / Double(hits) : nil)
    }
}
