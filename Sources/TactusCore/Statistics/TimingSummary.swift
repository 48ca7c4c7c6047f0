/// The headline numbers of a group of bars (the whole session with click, or
/// the bars a gap pattern silenced). Offset statistics cover matched hits only;
/// a statistic without enough hits is nil (`null` in JSON).
public struct TimingSummary: Hashable, Sendable {
    /// Matched hits and extras.
    public var hits: Int
    /// Hits inside the ok window.
    public var matched: Int
    /// Expected positions with no hit inside the ok window.
    public var misses: Int
    /// Hits outside every window.
    public var extras: Int
    public var meanOffsetMs: Double?
    /// Sample standard deviation (n − 1).
    public var sdOffsetMs: Double?
    public var meanAbsOffsetMs: Double?
    public var medianOffsetMs: Double?
    /// Nearest-rank 95th percentile of |offset|.
    public var p95AbsOffsetMs: Double?
    public var perfect: Int
    public var good: Int
    public var ok: Int
    /// 100 × (perfect + good) / hits: the share of hits inside the good window
    /// (±25 ms by default); 0 without hits.
    public var percentInWindow: Double
    /// Least-squares slope of offset against time, ms per minute.
    public var driftMsPerMinute: Double?
    public var lag1Autocorrelation: Double?
    /// Standard deviation of inter-onset-interval deviations, ms.
    public var ioiSdMs: Double?
    /// See `TimingSummary.score(perfect:good:ok:misses:extras:)`.
    public var score: Double
    /// Seconds of grid the summary covers.
    public var durationS: Double
    /// The spread left once the tendencies the findings name are taken out
    /// (the `consistency` finding's SD) and its 95 % interval; a session's
    /// summary only, nil elsewhere and below two hits.
    public var spreadMs: Double?
    public var spreadCi95: [Double]?
}

extension TimingSummary {
    /// Summarises `statistics`; `offsets` are the same matched hits' offsets
    /// (for the median and the 95th percentile), `durationS` the grid time covered.
    /// The offsets are worked on in place: a long session has many.
    init(statistics: OffsetStatistics, offsets: consuming [Double], durationS: Double) {
        let s = statistics
        var values = offsets
        let median = OrderStatistics.median(reordering: &values)
        for index in values.indices { values[index] = abs(values[index]) }
        let p95 = OrderStatistics.nearestRank(95, reordering: &values)
        self.init(
            hits: s.hits, matched: s.matched, misses: s.misses, extras: s.extras,
            meanOffsetMs: s.meanOffsetMs, sdOffsetMs: s.sdOffsetMs, meanAbsOffsetMs: s.meanAbsOffsetMs,
            medianOffsetMs: median,
            p95AbsOffsetMs: p95,
            perfect: s.perfect, good: s.good, ok: s.ok,
            percentInWindow: Self.percentInWindow(perfectAndGood: s.perfect + s.good, hits: s.hits) ?? 0,
            driftMsPerMinute: s.driftMsPerMinute, lag1Autocorrelation: s.lag1Autocorrelation,
            ioiSdMs: s.ioiSdMs,
            score: Self.score(perfect: s.perfect, good: s.good, ok: s.ok, misses: s.misses, extras: s.extras),
            durationS: durationS)
    }

    /// The share of hits in the good window: 100 × (perfect + good) / hits;
    /// nil without hits. The report's, the live view's and each bar line's.
    public static func percentInWindow(perfectAndGood: Int, hits: Int) -> Double? {
        hits > 0 ? 100 * Double(perfectAndGood) / Double(hits) : nil
    }

    /// The session score, 0–100: every expected position and every played note
    /// earns credit by how it went — a perfect hit 1, a good hit 0.75, an ok hit
    /// 0.4, a miss or an extra note 0 — and the score is the average credit × 100:
    ///
    ///     score = 100 × (perfect + 0.75 × good + 0.4 × ok) / (perfect + good + ok + misses + extras)
    ///
    /// 0 when there is nothing to score. All perfect scores 100; half perfect
    /// and half missed scores 50; all good, 75.
    public static func score(perfect: Int, good: Int, ok: Int, misses: Int, extras: Int) -> Double {
        let total = perfect + good + ok + misses + extras
        guard total > 0 else { return 0 }
        return 100 * (Double(perfect) + 0.75 * Double(good) + 0.4 * Double(ok)) / Double(total)
    }
}

extension TimingSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case hits, matched, misses, extras, meanOffsetMs, sdOffsetMs, meanAbsOffsetMs, medianOffsetMs
        case p95AbsOffsetMs, perfect, good, ok, percentInWindow, driftMsPerMinute, lag1Autocorrelation
        case ioiSdMs, score, durationS, spreadMs, spreadCi95
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.counts([.hits: hits, .matched: matched, .misses: misses, .extras: extras])
        try c.offsets(mean: meanOffsetMs, sd: sdOffsetMs, meanAbs: meanAbsOffsetMs)
        try c.milliseconds([.medianOffsetMs: medianOffsetMs, .p95AbsOffsetMs: p95AbsOffsetMs])
        try c.counts([.perfect: perfect, .good: good, .ok: ok])
        try c.milliseconds([
            .percentInWindow: percentInWindow, .driftMsPerMinute: driftMsPerMinute,
            .lag1Autocorrelation: lag1Autocorrelation, .ioiSdMs: ioiSdMs, .score: score,
        ])
        try c.seconds(durationS, forKey: .durationS)
        if let spreadMs, let spreadCi95 {
            try c.milliseconds([.spreadMs: spreadMs])
            try c.milliseconds(spreadCi95, forKey: .spreadCi95)
        }
    }
}
