/// Count, mean and sum of squared deviations of offsets pooled from several
/// bars' (count, mean, SD), combined exactly (Chan et al.'s parallel update).
struct PooledOffsets: Hashable, Sendable {
    private(set) var count = 0
    private var runningMean = 0.0
    private var squaredDeviations = 0.0

    mutating func add(count other: Int, mean: Double, sd: Double) {
        guard other > 0 else { return }
        let total = count + other
        let delta = mean - runningMean
        let otherSquares = other > 1 ? sd * sd * Double(other - 1) : 0
        squaredDeviations += otherSquares + delta * delta * Double(count) * Double(other) / Double(total)
        runningMean += delta * Double(other) / Double(total)
        count = total
    }

    var mean: Double? { count > 0 ? runningMean : nil }

    /// n − 1; nil below two values.
    var sampleStandardDeviation: Double? {
        count > 1 ? (max(0, squaredDeviations) / Double(count - 1)).squareRoot() : nil
    }
}
