/// One metric of `tactus report compare`: how to read it from a summary and
/// which way is better.
struct ReportMetric: Sendable {
    enum Better {
        case higher
        case lower
        /// Nearer to zero (offsets, drift, correlation).
        case nearerZero
    }

    var name: String
    var decimals: Int
    var signed: Bool
    var better: Better
    var value: @Sendable (TimingSummary) -> Double?

    /// `value` rounded to the places it is printed with.
    func shown(_ value: Double) -> Double {
        ReportNumber.rounded(value, decimals: decimals)
    }

    /// "better", "worse" or "same", judged on the values as printed; nil
    /// when either is missing.
    func verdict(from a: Double?, to b: Double?) -> String? {
        guard let a, let b else { return nil }
        let shownA = shown(a)
        let shownB = shown(b)
        let same = better == .nearerZero ? abs(shownA) == abs(shownB) : shownA == shownB
        guard !same else { return "same" }
        switch better {
        case .higher: return shownB > shownA ? "better" : "worse"
        case .lower: return shownB < shownA ? "better" : "worse"
        case .nearerZero: return abs(shownB) < abs(shownA) ? "better" : "worse"
        }
    }

    func format(_ value: Double?) -> String {
        ReportSummaryText.optional(value, decimals: decimals, signed: signed)
    }

    /// b − a of the values as printed, so the row adds up; "n/a" when either is missing.
    func change(from a: Double?, to b: Double?) -> String {
        guard let a, let b else { return "n/a" }
        return NumberText.signed(shown(b) - shown(a), decimals)
    }
}
