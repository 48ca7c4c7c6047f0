/// Fixed-point number text that does not depend on the locale or the C library,
/// so report text is the same everywhere.
enum NumberText {
    /// `value` with exactly `decimals` places, rounded half away from zero:
    /// fixed(2.25, 1) == "2.3", fixed(-0.04, 1) == "0.0".
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let scale = ReportNumber.scale(decimals: decimals)
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return "\(value)" }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        let whole = units / divisor
        let negative = value < 0 && units != 0
        var text = (negative ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Like `fixed`, with a leading "+" on values above zero: "+6.2", "-1.4", "0.0".
    static func signed(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        return value > 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "+" + text : text
    }
}

extension NumberText {
    /// A number as a person writes it: "5", "2.5", "0.125" (shortest exact
    /// text, no trailing ".0").
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
