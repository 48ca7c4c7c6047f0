import Foundation

extension PracticeReport {
    /// The report as pretty-printed JSON with sorted keys and rounded numbers
    /// (see `ReportNumber`), ending in a newline. Same report, same bytes.
    public func jsonText() throws(ReportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
        } catch {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(error)")
        }
    }

    /// Reads a report; `file` names it in errors, which say which field is wrong.
    public static func decode(_ data: Data, file: String) throws(ReportError) -> PracticeReport {
        do {
            return try JSONDecoder().decode(PracticeReport.self, from: data)
        } catch let error as DecodingError {
            throw ReportError(file: file, message: Self.describe(error))
        } catch {
            throw ReportError(file: file, message: "is not a tactus report: \(error)")
        }
    }

    /// One line naming the field path ("hits[3].offsetMs") and the problem.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(describeType(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(describeType(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "is not valid JSON"
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "cannot be read: \(error)"
        }
    }

    private static func describeType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: type is any Collection.Type ? "a list" : "an object"
        }
    }
}
