extension NumberText {
    /// A number as a person writes it: "5", "2.5", "0.125" (shortest exact
    /// text, no trailing ".0").
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
