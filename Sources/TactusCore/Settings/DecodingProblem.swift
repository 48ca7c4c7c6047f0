/// A `DecodingError` in tactus's own words, for every JSON file kind (config,
/// pedal map, setlist, practice state, report, calibration store): the field
/// path (`bindings[0].amount`) and what was expected and found —
/// `expected a number, found null`. Never Swift's own error text.
public struct DecodingProblem: Hashable, Sendable {
    /// Path of the field at fault; empty for the file as a whole.
    public var field: String
    public var message: String

    /// - Parameter kind: What the file should be, for errors about it as a whole (`a pedal map`).
    init(_ error: DecodingError, kind: String) {
        switch error {
        case .typeMismatch(let type, let context):
            let found = Self.found(in: context.debugDescription)
            if context.codingPath.isEmpty {
                field = ""
                message = "expected \(kind) (a JSON object {…}) at the top level, found \(found)"
            } else {
                field = context.codingPath.fieldPath
                message = "expected \(Self.expected(type)), found \(found)"
            }
        case .valueNotFound(let type, let context):
            field = context.codingPath.fieldPath
            message = context.codingPath.isEmpty
                ? "expected \(kind) (a JSON object {…}), found null"
                : "expected \(Self.expected(type)), found null"
        case .keyNotFound(let key, let context):
            field = (context.codingPath + [key]).fieldPath
            message = "missing"
        case .dataCorrupted(let context):
            field = context.codingPath.fieldPath
            message = context.codingPath.isEmpty ? "is not valid JSON" : Self.corrupted(context.debugDescription)
        @unknown default:
            field = ""
            message = "cannot be read as \(kind)"
        }
    }

    /// `a number` for `Double`, `a list [...]` for an array, `an object {…}` for a dictionary or a struct.
    static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt8.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("[String") && name.contains(":") { return "an object {…}" }
            return name.hasPrefix("Array") || name.hasPrefix("[") ? "a list [...]" : "an object {…}"
        }
    }

    /// "a string" from Foundation's "Expected to decode Double but found a string instead."
    static func found(in description: String) -> String {
        guard let start = description.range(of: "found "),
              let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
        else {
            return description.contains("null") ? "null" : "another type"
        }
        switch description[start.upperBound..<end.lowerBound] {
        case "an array": return "a list [...]"
        case "a dictionary": return "an object {…}"
        case "bool", "a bool", "a boolean": return "a boolean"
        case "a null value", "null value", "null": return "null"
        case let other where other.hasPrefix("a ") || other.hasPrefix("an "): return String(other)
        case let other: return "a \(other)"
        }
    }

    /// Foundation's `Parsed JSON number <1e999> does not fit in Double.` in
    /// tactus's words; anything else (tactus's own checks) as it is.
    static func corrupted(_ description: String) -> String {
        if let open = description.firstIndex(of: "<"), let close = description[open...].firstIndex(of: ">"),
           description.contains("does not fit") {
            let number = description[description.index(after: open)..<close]
            let whole = description.hasSuffix("Int.") || description.contains("in Int")
            return "expected \(whole ? "a whole number" : "a number"), found \(number), which does not fit"
        }
        return description
    }
}
