/// A recorded performance that cannot be scored with the settings given:
/// which setting or part of the file, and what is wrong.
public struct AnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// e.g. "meter", "tempo at tick 1920", "time signature at tick 0", "subdivision".
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
