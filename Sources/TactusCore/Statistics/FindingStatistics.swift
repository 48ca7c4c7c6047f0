/// The estimates findings rest on, from plain lists of offsets (one value per
/// grid position played, in time order). Each returns nil when the data
/// cannot give an error (too few values); values without any spread give a
/// standard error of 0.
public enum FindingStatistics {
    /// The lag-1 autocorrelation used to correct for serial correlation,
    /// kept within 0…0.9: a negative one (over-correcting) is taken as 0, so
    /// the error is never made smaller than independent hits would give.
    public static func serialCorrelation(_ values: some Sequence<Double>) -> Double {
        min(0.9, max(0, RunningAutocorrelation(values).lag1 ?? 0))
    }

    /// n (1 − r) / (1 + r): how many independent hits `n` hits with lag-1
    /// autocorrelation `r` are worth.
    public static func effectiveCount(_ n: Int, serialCorrelation r: Double) -> Double {
        Double(n) * (1 - r) / (1 + r)
    }

    /// The mean, its error from the effective sample size of the values'
    /// lag-1 autocorrelation (players' successive offsets wander together).
    public static func mean(_ values: some Collection<Double>) -> FindingEstimate? {
        let moments = RunningMoments(values)
        guard let mean = moments.mean, let variance = moments.sampleVariance else { return nil }
        let effective = max(effectiveCount(values.count, serialCorrelation: serialCorrelation(values)), 2)
        return FindingEstimate(
            value: mean, standardError: (variance / effective).squareRoot(), degreesOfFreedom: effective - 1, n: values.count)
    }

    /// mean(a) − mean(b) with Welch's standard error and degrees of freedom
    /// (the two groups may spread differently).
    public static func difference(_ a: some Sequence<Double>, _ b: some Sequence<Double>) -> FindingEstimate? {
        difference(RunningMoments(a), RunningMoments(b))
    }

    /// The same, from each group's moments.
    public static func difference(_ first: RunningMoments, _ second: RunningMoments) -> FindingEstimate? {
        guard let meanA = first.mean, let meanB = second.mean,
              let varianceA = first.sampleVariance, let varianceB = second.sampleVariance else { return nil }
        let countA = first.count
        let countB = second.count
        let partA = varianceA / Double(countA)
        let partB = varianceB / Double(countB)
        let squared = partA + partB
        // Welch–Satterthwaite; with no spread at all, the pooled n − 2.
        let df = squared > 0
            ? squared * squared / (partA * partA / Double(countA - 1) + partB * partB / Double(countB - 1))
            : Double(countA + countB - 2)
        return FindingEstimate(value: meanA - meanB, standardError: squared.squareRoot(), degreesOfFreedom: df, n: countA)
    }

    /// The least-squares slope of `y` over `x`, its error widened for the
    /// lag-1 autocorrelation r of the residuals by √((1 + r)/(1 − r)) and its
    /// degrees of freedom taken from the effective sample size.
    public static func slope<X: RandomAccessCollection<Double>, Y: RandomAccessCollection<Double>>(
        x: X, y: Y
    ) -> FindingEstimate? where X.Index == Int, Y.Index == Int {
        line(x: x, y: y)?.slope
    }

    /// The least-squares line of `y` over `x`: its slope (see `slope`) and intercept.
    static func line<X: RandomAccessCollection<Double>, Y: RandomAccessCollection<Double>>(
        x: X, y: Y
    ) -> (slope: FindingEstimate, intercept: Double)? where X.Index == Int, Y.Index == Int {
        let n = min(x.count, y.count)
        guard n > 2 else { return nil }
        let x0 = x.startIndex
        let y0 = y.startIndex
        let fit = LeastSquaresLine((0..<n).lazy.map { (x: x[x0 + $0], y: y[y0 + $0], weight: 1.0) })
        guard let slope = fit.slope else { return nil }
        // The residuals' autocorrelation, taken as they come.
        let residuals = (0..<n).map { y[y0 + $0] - fit.meanY - slope * (x[x0 + $0] - fit.meanX) }
        let r = serialCorrelation(residuals)
        let squares = residuals.reduce(0) { $0 + $1 * $1 }
        let effective = max(effectiveCount(n, serialCorrelation: r), 3)
        let standardError = (squares / Double(n - 2) / fit.squaredDeviationsX * (1 + r) / (1 - r)).squareRoot()
        let estimate = FindingEstimate(value: slope, standardError: standardError, degreesOfFreedom: effective - 2, n: n)
        return (estimate, fit.intercept(slope: slope))
    }

    /// Holm's step-down procedure: which of the p-values are rejected with
    /// the chance of any false rejection among all of them at most `alpha`.
    public static func holm(_ pValues: [Double], alpha: Double = 0.05) -> [Bool] {
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var rejected = Array(repeating: false, count: pValues.count)
        for (rank, index) in order.enumerated() {
            guard pValues[index] <= alpha / Double(pValues.count - rank) else { break }
            rejected[index] = true
        }
        return rejected
    }

    /// The 95 % interval of a standard deviation `sd` from `n` values:
    /// sd √((n − 1)/χ²), with χ² quantiles from the Wilson–Hilferty approximation.
    public static func spreadInterval(sd: Double, n: Int) -> [Double] {
        guard n > 1 else { return [sd, sd] }
        let k = Double(n - 1)
        func chiSquared(_ z: Double) -> Double {
            let a = 2 / (9 * k)
            let root = 1 - a + z * a.squareRoot()
            return k * root * root * root
        }
        return [sd * (k / chiSquared(1.959964)).squareRoot(), sd * (k / max(chiSquared(-1.959964), 1e-9)).squareRoot()]
    }
}
