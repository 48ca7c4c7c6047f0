/// A settings file tactus reads (pedal map, setlist, remembered practice
/// state) that cannot be used: the file, the field at fault and what is
/// wrong. Reads as one line, e.g.
/// `pedals.json: bindings[2].action: unknown action 'tapp' (expected one of tap, …)`.
public struct ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Path of the field at fault (`presets[1].bpm`), or where broken JSON
    /// breaks (`line 3, column 5`); empty for the file as a whole.
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
