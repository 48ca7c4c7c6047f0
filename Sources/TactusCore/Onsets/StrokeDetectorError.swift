/// Settings a `StrokeDetector` cannot use: the field and what is wrong.
public struct StrokeDetectorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
