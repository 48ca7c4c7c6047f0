/// A timeline setting that cannot be played, naming the field.
public struct TimelineError: Error, Equatable, CustomStringConvertible {
    /// The setting at fault, e.g. `bpm`, `subdivision`, `changes[2].bar`.
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
