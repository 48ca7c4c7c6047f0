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

/// A note-on of a MIDI file (velocity above 0) at its tick: all scoring
/// needs of it, in 16 bytes (`MIDIFileNoteOn` adds its track and its time).
public struct MIDIFileNoteOnTick: Hashable, Sendable {
    /// Absolute tick.
    public var tick: Int
    public var channel: UInt8
    public var note: UInt8
    public var velocity: UInt8
}
