import Foundation

/// Strict reading of a JSON config file into a `Decodable` whose fields go
/// through `ConfigObject`: broken JSON is reported with its line and column;
/// unknown fields, duplicate keys and wrong types with the field's path.
enum ConfigJSON {
    /// - Throws: `PracticeConfigError` (field and message; the caller adds the file).
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(PracticeConfigError) -> T {
        do {
            try JSONSyntaxChecker.check(bytes)
        } catch {
            throw PracticeConfigError(field: "line \(error.line), column \(error.column)", message: error.message)
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as PracticeConfigError {
            throw error
        } catch let DecodingError.typeMismatch(type, context) {
            let found = foundType(in: context.debugDescription)
            if context.codingPath.isEmpty {
                throw PracticeConfigError(field: "", message: "expected a JSON object {…} at the top level, found \(found)")
            }
            throw PracticeConfigError(field: context.codingPath.fieldPath, message: "expected \(describe(type)), found \(found)")
        } catch let DecodingError.dataCorrupted(context) {
            throw PracticeConfigError(field: context.codingPath.fieldPath, message: context.debugDescription)
        } catch {
            throw PracticeConfigError(field: "", message: "cannot read the config: \(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: name.hasPrefix("Array") || name.hasPrefix("[") ? "a list [...]" : "an object {…}"
        }
    }

    /// "a string" from Foundation's "Expected to decode Double but found a string instead."
    private static func foundType(in description: String) -> String {
        guard let start = description.range(of: "but found "), let end = description.range(of: " instead", range: start.upperBound..<description.endIndex) else {
            return "another type"
        }
        let found = String(description[start.upperBound..<end.lowerBound])
        switch found {
        case "an array": return "a list [...]"
        case "a dictionary": return "an object {…}"
        case "bool": return "a boolean"
        default: return found
        }
    }
}
