/// The weighted least-squares line of y against x: the weighted means, then
/// the weighted sums of squared and crossed deviations from them (a second
/// pass, so nothing cancels). Weights of 1 give the plain line.
struct LeastSquaresLine {
    /// Σ w.
    private(set) var weight = 0.0
    private(set) var meanX = 0.0
    private(set) var meanY = 0.0
    /// Σ w (x − x̄)².
    private(set) var squaredDeviationsX = 0.0
    /// Σ w (x − x̄)(y − ȳ).
    private var coDeviations = 0.0

    init(_ points: some Collection<(x: Double, y: Double, weight: Double)>) {
        for point in points {
            weight += point.weight
            meanX += point.weight * point.x
            meanY += point.weight * point.y
        }
        meanX /= weight
        meanY /= weight
        for point in points {
            let deviation = point.x - meanX
            squaredDeviationsX += point.weight * deviation * deviation
            coDeviations += point.weight * deviation * (point.y - meanY)
        }
    }

    /// nil without weight or when every x is equal.
    var slope: Double? {
        weight > 0 && squaredDeviationsX > 0 ? coDeviations / squaredDeviationsX : nil
    }

    /// The line's y at x = 0, for its `slope`.
    func intercept(slope: Double) -> Double { meanY - slope * meanX }
}
