/// Whether an error message shows Swift's own error text (a decoding error's
/// description, a type's name, an optional) instead of tactus's words.
public func isRawSwiftText(_ message: String) -> Bool {
    ["DecodingError", "Debug description", "Swift.", "Swift/", "Fatal error", "CodingKeys", "codingPath", "underlyingError",
     "Dictionary<", "Optional(", "keyNotFound", "valueNotFound", "typeMismatch", "dataCorrupted"].contains { message.contains($0) }
}
