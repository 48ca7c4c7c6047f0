/// Damage a MIDI file reader read past, e.g.
/// `offset 210: track 2: no end-of-track event`.
public struct SMFWarning: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the file.
    public var offset: Int
    /// What was wrong and what was kept, starting with the part of the file.
    public var message: String

    public var description: String { "offset \(offset): \(message)" }
}
