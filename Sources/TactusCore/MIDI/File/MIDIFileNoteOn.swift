/// A note-on of a MIDI file (velocity above 0) placed in time.
public struct MIDIFileNoteOn: Hashable, Sendable {
    /// Absolute tick.
    public var tick: Int
    /// Seconds from tick 0, through the tempo map (computed exactly, rounded once).
    public var seconds: Double
    /// Index into `MIDIFile.tracks`.
    public var track: Int
    public var channel: UInt8
    public var note: UInt8
    public var velocity: UInt8
}
