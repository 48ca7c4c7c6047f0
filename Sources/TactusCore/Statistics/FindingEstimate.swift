/// An estimate with its standard error and the degrees of freedom of its t
/// distribution: what a finding's 95 % interval and its test come from.
public struct FindingEstimate: Hashable, Sendable {
    public var value: Double
    public var standardError: Double
    public var degreesOfFreedom: Double
    /// The hits (or positions) behind it.
    public var n: Int

    /// Half the width of the 95 % interval.
    public var margin95: Double {
        StudentT.quantile(coverage: 0.95, df: degreesOfFreedom) * standardError
    }

    /// [value − margin, value + margin].
    public var ci95: [Double] {
        let margin = margin95
        return [value - margin, value + margin]
    }

    /// Two-sided p-value of "the true value is `null`".
    public func p(against null: Double = 0) -> Double {
        guard standardError > 0 else { return value == null ? 1 : 0 }
        return StudentT.twoSidedP((value - null) / standardError, df: degreesOfFreedom)
    }

    /// One-sided p-value of "the true value is `bound` or more": small when
    /// the estimate lies well below it.
    public func pBelow(_ bound: Double) -> Double {
        guard value < bound else { return 1 }
        guard standardError > 0 else { return 0 }
        return StudentT.twoSidedP((value - bound) / standardError, df: degreesOfFreedom) / 2
    }

    /// The same estimate times `factor` (its error too).
    public func scaled(by factor: Double) -> FindingEstimate {
        FindingEstimate(value: value * factor, standardError: standardError * abs(factor), degreesOfFreedom: degreesOfFreedom, n: n)
    }

    /// The same estimate moved by `shift`.
    public func shifted(by shift: Double) -> FindingEstimate {
        FindingEstimate(value: value + shift, standardError: standardError, degreesOfFreedom: degreesOfFreedom, n: n)
    }
}
