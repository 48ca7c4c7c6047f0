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
}

extension BarSummary: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        self.init(
            bar: try c.decode(Int.self, forKey: .bar), hits: try c.decode(Int.self, forKey: .hits),
            matched: try c.decode(Int.self, forKey: .matched), misses: try c.decode(Int.self, forKey: .misses),
            meanOffsetMs: try c.decodeIfPresent(Double.self, forKey: .meanOffsetMs),
            sdOffsetMs: try c.decodeIfPresent(Double.self, forKey: .sdOffsetMs),
            meanAbsOffsetMs: try c.decodeIfPresent(Double.self, forKey: .meanAbsOffsetMs),
            muted: try c.decode(Bool.self, forKey: .muted))
    }
}
