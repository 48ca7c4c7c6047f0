/// Timing of one bar.
public struct BarSummary: Hashable, Sendable {
    public var bar: Int
    /// Matched hits and extras.
    public var hits: Int
    public var matched: Int
    public var misses: Int
    public var meanOffsetMs: Double?
    public var sdOffsetMs: Double?
    public var meanAbsOffsetMs: Double?
    /// A gap pattern silenced the click in this bar.
    public var muted: Bool
}

extension BarSummary {
    init(bar: Int, statistics s: OffsetStatistics, muted: Bool) {
        self.init(
            bar: bar, hits: s.hits, matched: s.matched, misses: s.misses, meanOffsetMs: s.meanOffsetMs,
            sdOffsetMs: s.sdOffsetMs, meanAbsOffsetMs: s.meanAbsOffsetMs, muted: muted)
    }

    /// This row as report JSON reads back: milliseconds rounded as written.
    public var asWritten: BarSummary {
        func written(_ value: Double?) -> Double? {
            value.map { ReportNumber.rounded($0, decimals: ReportNumber.millisecondDecimals) }
        }
        var row = self
        row.meanOffsetMs = written(meanOffsetMs)
        row.sdOffsetMs = written(sdOffsetMs)
        row.meanAbsOffsetMs = written(meanAbsOffsetMs)
        return row
    }
}

extension BarSummary: Decodable {}
