/// Why a Standard MIDI File cannot be read: where, and what is wrong, e.g.
/// `offset 12: header: division 0 is not valid`.
public struct SMFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the file.
    public var offset: Int
    /// What is wrong, starting with the part of the file ("header: …").
    public var message: String

    public var description: String { "offset \(offset): \(message)" }
}
