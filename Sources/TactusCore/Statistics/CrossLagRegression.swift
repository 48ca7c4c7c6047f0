/// y[k+1] = c + φ·y[k] + γ·x[k] + e by least squares: how much of the other
/// series' last value `x` carries into this one's next `y`, with `y`'s own
/// last value held fixed. `gamma` with its 95 % interval (Student's t at
/// n − 3 degrees of freedom).
public struct CrossLagRegression: Hashable, Sendable {
    /// Rows: consecutive pairs (k, k+1).
    public var n: Int
    public var gamma: Double
    public var ci95: [Double]
    public var p: Double

    /// `y` and `x` of equal length in time order; nil when fewer than four
    /// rows or the regressors are collinear.
    init?(y: [Double], x: [Double]) {
        let rows = min(y.count, x.count) - 1
        guard rows >= 4 else { return nil }
        let next = Array(y[1...rows])
        let own = Array(y[0..<rows])
        let other = Array(x[0..<rows])
        func centred(_ values: [Double]) -> [Double] {
            let mean = values.reduce(0, +) / Double(values.count)
            return values.map { $0 - mean }
        }
        let target = centred(next), u = centred(own), v = centred(other)
        func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
        let suu = dot(u, u), svv = dot(v, v), suv = dot(u, v)
        let suy = dot(u, target), svy = dot(v, target)
        let determinant = suu * svv - suv * suv
        guard determinant > 1e-12 * max(suu * svv, 1e-300) else { return nil }
        let phi = (svv * suy - suv * svy) / determinant
        let gamma = (suu * svy - suv * suy) / determinant
        var residuals = 0.0
        for index in 0..<rows {
            let error = target[index] - phi * u[index] - gamma * v[index]
            residuals += error * error
        }
        let df = Double(rows - 3)
        let variance = residuals / df
        let estimate = FindingEstimate(
            value: gamma, standardError: (variance * suu / determinant).squareRoot(), degreesOfFreedom: df, n: rows)
        self.n = rows
        self.gamma = gamma
        ci95 = estimate.ci95
        p = estimate.p()
    }
}
