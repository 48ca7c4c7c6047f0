/// Lag-1 autocorrelation of a stream of values, in O(1) per value:
///
///     r1 = Σ_{i=1}^{n-1} (x_i − x̄)(x_{i+1} − x̄) / Σ_{i=1}^{n} (x_i − x̄)²
///
/// Positive when an early hit tends to follow an early hit (slow wandering),
/// negative when the player over-corrects. The sums are kept relative to the
/// first value, which leaves r1 unchanged and keeps them small.
public struct RunningAutocorrelation: Hashable, Sendable {
    public private(set) var count = 0
    private var origin = 0.0
    private var sum = 0.0
    private var sumOfSquares = 0.0
    private var sumOfLaggedProducts = 0.0
    private var first = 0.0
    private var last = 0.0

    init() {}

    /// The autocorrelation of `values`, added in order.
    init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        if count == 0 { origin = value }
        let shifted = value - origin
        if count == 0 {
            first = shifted
        } else {
            sumOfLaggedProducts += last * shifted
        }
        count += 1
        sum += shifted
        sumOfSquares += shifted * shifted
        last = shifted
    }

    /// nil below two values or when every value is equal.
    public var lag1: Double? {
        guard count > 1 else { return nil }
        let n = Double(count)
        let mean = sum / n
        let denominator = sumOfSquares - n * mean * mean
        guard denominator > 0 else { return nil }
        // Σ_{i<n} (x_i − m)(x_{i+1} − m) expanded over the kept sums.
        let numerator = sumOfLaggedProducts - mean * ((sum - last) + (sum - first)) + (n - 1) * mean * mean
        return numerator / denominator
    }
}
