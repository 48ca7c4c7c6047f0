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

    public init(
        bar: Int, hits: Int, matched: Int, misses: Int,
        meanOffsetMs: Double?, sdOffsetMs: Double?, meanAbsOffsetMs: Double?, muted: Bool
    ) {
        self.bar = bar
        self.hits = hits
        self.matched = matched
        self.misses = misses
        self.meanOffsetMs = meanOffsetMs
        self.sdOffsetMs = sdOffsetMs
        self.meanAbsOffsetMs = meanAbsOffsetMs
        self.muted = muted
    }

    public init(bar: Int, statistics s: OffsetStatistics, muted: Bool) {
        self.init(
            bar: bar, hits: s.hits, matched: s.matched, misses: s.misses, meanOffsetMs: s.meanOffsetMs,
            sdOffsetMs: s.sdOffsetMs, meanAbsOffsetMs: s.meanAbsOffsetMs, muted: muted)
    }
}

extension BarSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case bar, hits, matched, misses, meanOffsetMs, sdOffsetMs, meanAbsOffsetMs, muted
    }

    public func encode(to encoder: any Encoder) throws {
        let exact = ReportNumber.isExact(encoder)
        let ms = ReportNumber.millisecondDecimals
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bar, forKey: .bar)
        try c.encode(hits, forKey: .hits)
        try c.encode(matched, forKey: .matched)
        try c.encode(misses, forKey: .misses)
        try c.encode(meanOffsetMs, forKey: .meanOffsetMs, decimals: ms, exact: exact)
        try c.encode(sdOffsetMs, forKey: .sdOffsetMs, decimals: ms, exact: exact)
        try c.encode(meanAbsOffsetMs, forKey: .meanAbsOffsetMs, decimals: ms, exact: exact)
        try c.encode(muted, forKey: .muted)
    }
}
