/// A scoring setting that cannot be used, naming the setting and what is wrong.
public struct ScoringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting, e.g. "windows.good", "subdivision", "noteFilter.channels".
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
