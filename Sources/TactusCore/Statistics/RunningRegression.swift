/// Least-squares slope of y against x over a stream of points, updated in O(1)
/// per point with Welford-style co-moments.
public struct RunningRegression: Hashable, Sendable {
    public private(set) var count = 0
    private var meanX = 0.0
    private var meanY = 0.0
    private var squaredDeviationsX = 0.0
    private var coDeviations = 0.0

    public mutating func add(x: Double, y: Double) {
        count += 1
        let deltaX = x - meanX
        meanX += deltaX / Double(count)
        meanY += (y - meanY) / Double(count)
        squaredDeviationsX += deltaX * (x - meanX)
        coDeviations += deltaX * (y - meanY)
    }

    /// Σ(x − x̄)(y − ȳ) / Σ(x − x̄)²; nil below two points or when every x is equal.
    public var slope: Double? {
        count > 1 && squaredDeviationsX > 0 ? coDeviations / squaredDeviationsX : nil
    }
}
