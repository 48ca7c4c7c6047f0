/// Count, mean and sample variance of a stream of values, updated in O(1) per
/// value with Welford's method (no sum of squares to cancel).
public struct RunningMoments: Hashable, Sendable {
    public private(set) var count = 0
    private var runningMean = 0.0
    private var squaredDeviations = 0.0

    public init() {}

    /// The moments of `values`, added in order.
    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - runningMean
        runningMean += delta / Double(count)
        squaredDeviations += delta * (value - runningMean)
    }

    /// nil when empty.
    public var mean: Double? { count > 0 ? runningMean : nil }

    /// Sample variance (divided by n − 1); nil below two values.
    public var sampleVariance: Double? {
        count > 1 ? max(0, squaredDeviations) / Double(count - 1) : nil
    }

    /// Sample standard deviation (n − 1); nil below two values.
    public var sampleStandardDeviation: Double? { sampleVariance?.squareRoot() }
}
