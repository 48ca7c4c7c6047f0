/// A setlist file that cannot be used: the file, the field
/// (`presets[1].bpm`, or `line 3, column 5` for broken JSON) and what is wrong.
public struct SetlistError: Error, Hashable, Sendable, CustomStringConvertible {
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
