/// Bytes that are not valid JSON: where and what.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    var offset: Int
    var line: Int
    var message: String

    var description: String { "byte \(offset) (line \(line)): \(message)" }
}
