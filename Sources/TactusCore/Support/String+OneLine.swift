extension String {
    /// The text with control characters written as escapes (`\n`, `\t`,
    /// `\u{1B}`), so a message quoting a user's field name or value stays on
    /// one line and cannot drive the terminal.
    public var oneLine: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
