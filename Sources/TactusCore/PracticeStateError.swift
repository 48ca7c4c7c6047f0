/// A state file that cannot be read (tactus then starts afresh): the file,
/// the field and what is wrong.
public struct PracticeStateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var field: String
    public var message: String

    public init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        (field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)").oneLine
    }
}
