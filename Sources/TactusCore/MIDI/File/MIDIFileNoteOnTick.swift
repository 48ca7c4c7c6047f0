/// A note-on of a MIDI file (velocity above 0) at its tick: all scoring
/// needs of it, in 16 bytes (`MIDIFileNoteOn` adds its track and its time).
public struct MIDIFileNoteOnTick: Hashable, Sendable {
    /// Absolute tick.
    public var tick: Int
    public var channel: UInt8
    public var note: UInt8
    public var velocity: UInt8

    public init(tick: Int, channel: UInt8, note: UInt8, velocity: UInt8) {
        self.tick = tick
        self.channel = channel
        self.note = note
        self.velocity = velocity
    }
}
