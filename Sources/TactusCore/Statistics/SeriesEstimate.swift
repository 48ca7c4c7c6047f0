/// The mean of a series of values in time order with its 95 % interval,
/// allowing for serial correlation: with a positive lag-1 autocorrelation r₁
/// the values are worth n × (1 − r₁) / (1 + r₁) independent ones, and the
/// interval and test use that effective n (Student's t at effective n − 1
/// degrees of freedom).
public struct SeriesEstimate: Hashable, Sendable {
    public var n: Int
    public var mean: Double
    /// Sample standard deviation (n − 1).
    public var sd: Double
    /// nil below three values.
    public var lag1: Double?
    public var effectiveN: Double
    /// The lag-1 autocorrelation the effective n used (bias-corrected, or given).
    public var lag1Corrected: Double
    public var ci95: [Double]
    /// Two-sided p-value of "the mean is 0".
    public var p: Double

    /// nil for fewer than two values. `lag1` (the correlation between
    /// neighbours of this series) replaces the one estimated from `values`
    /// when the series is a sample of a longer one whose correlation is
    /// better known. The estimated one is corrected for its small-sample
    /// bias (Kendall: r₁ + (1 + 4 r₁) / n) before it gives the effective n.
    init?(_ values: [Double], lag1 known: Double? = nil) {
        let count = values.count
        guard count >= 2 else { return nil }
        let mean = values.reduce(0, +) / Double(count)
        var squares = 0.0
        for value in values { squares += (value - mean) * (value - mean) }
        let sd = (squares / Double(count - 1)).squareRoot()
        var lag1: Double?
        if count >= 3 { lag1 = RunningAutocorrelation(values).lag1 ?? 0 }
        let corrected = lag1.map { $0 + (1 + 4 * $0) / Double(count) }
        let r = min(max(known ?? corrected ?? 0, 0), 0.99)
        let effectiveN = max(2, FindingStatistics.effectiveCount(count, serialCorrelation: r))
        self.n = count
        self.mean = mean
        self.sd = sd
        self.lag1 = lag1
        self.lag1Corrected = known ?? corrected ?? 0
        self.effectiveN = min(effectiveN, Double(count))
        let estimate = FindingEstimate(
            value: mean, standardError: sd / self.effectiveN.squareRoot(), degreesOfFreedom: self.effectiveN - 1, n: count)
        ci95 = estimate.ci95
        p = estimate.p()
    }
}
