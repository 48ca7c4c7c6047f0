import Foundation

/// Student's t distribution: the two-sided p-value of a t statistic and the
/// quantile that makes a 95 % interval, for any degrees of freedom above 0
/// (fractional ones too, as Welch's and effective sample sizes give).
public enum StudentT {
    /// P(|T| ≥ |t|) with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
    public static func twoSidedP(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        let degrees = max(df, 1e-9)
        return min(1, max(0, regularizedIncompleteBeta(degrees / (degrees + t * t), a: degrees / 2, b: 0.5)))
    }

    /// The value q with P(|T| ≤ q) = `coverage` (0.95 → 1.96 for many degrees
    /// of freedom, 12.71 for one), found by bisection on `twoSidedP`.
    public static func quantile(coverage: Double, df: Double) -> Double {
        let tail = 1 - coverage
        var low = 0.0
        var high = 1.0
        while twoSidedP(high, df: df) > tail, high < 1e7 { high *= 2 }
        for _ in 0..<48 {
            let middle = (low + high) / 2
            if twoSidedP(middle, df: df) > tail { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// I_x(a, b) by its continued fraction (modified Lentz), using the
    /// symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where that converges faster.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logBeta + logPowers
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        /// One Lentz step with the next coefficient; returns the factor it multiplies by.
        func step(_ coefficient: Double) -> Double {
            d = 1 + coefficient * d
            if abs(d) < tiny { d = tiny }
            c = 1 + coefficient / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            return d * c
        }
        for m in 1...300 {
            let m = Double(m)
            let evenTop: Double = m * (b - m) * x
            let evenBottom: Double = (a + 2 * m - 1) * (a + 2 * m)
            result *= step(evenTop / evenBottom)
            let oddTop: Double = -(a + m) * (a + b + m) * x
            let oddBottom: Double = (a + 2 * m) * (a + 2 * m + 1)
            let factor = step(oddTop / oddBottom)
            result *= factor
            if abs(factor - 1) < 1e-15 { break }
        }
        return result
    }
}
