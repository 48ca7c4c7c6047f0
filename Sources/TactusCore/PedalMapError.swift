/// A pedal map that cannot be used: the file, the field (or byte) and what is wrong.
/// Reads as one line, e.g.
/// `pedals.json: bindings[2].action: unknown action 'tapp' (expected one of tap, …)`.
public struct PedalMapError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Path of the field at fault (`bindings[2].message.channel`), or a byte
    /// position (`byte 57 (line 3)`) for JSON syntax; empty for the file as a whole.
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
