import Foundation

/// Student's t distribution, for intervals and tests on few, possibly
/// serially correlated, values: the two-sided p-value of a t statistic and
/// the quantile a 95 % interval needs, at any degrees of freedom above 0
/// (fractional ones too: an effective number of values gives those).
public enum StudentT {
    /// P(|T| ≥ |t|) with `df` degrees of freedom: the regularised incomplete
    /// beta function I(df / (df + t²); df/2, 1/2).
    public static func twoSidedP(_ t: Double, df: Double) -> Double {
        guard df > 0, t.isFinite else { return t.isNaN ? 1 : 0 }
        return min(1, max(0, incompleteBeta(df / (df + t * t), a: df / 2, b: 0.5)))
    }

    /// The t with P(|T| ≥ t) = `alpha` (1.96… for many degrees of freedom at
    /// alpha 0.05), found by bisection on `twoSidedP` to 1e-9.
    public static func critical(alpha: Double = 0.05, df: Double) -> Double {
        guard df > 0, alpha > 0, alpha < 1 else { return .infinity }
        var low = 0.0
        var high = 1.0
        while twoSidedP(high, df: df) > alpha { high *= 2 }
        for _ in 0..<200 where high - low > 1e-9 {
            let middle = (low + high) / 2
            if twoSidedP(middle, df: df) > alpha { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// I_x(a, b) by its continued fraction (Lentz's method).
    static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }

    /// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms).
    static func logGamma(_ x: Double) -> Double {
        let coefficients = [
            0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7,
        ]
        if x < 0.5 {
            return log(Double.pi / abs(sin(Double.pi * x))) - logGamma(1 - x)
        }
        let z = x - 1
        var sum = coefficients[0]
        for index in 1..<coefficients.count { sum += coefficients[index] / (z + Double(index)) }
        let t = z + 7.5
        return 0.5 * log(2 * Double.pi) + (z + 0.5) * log(t) - t + log(sum)
    }
}
