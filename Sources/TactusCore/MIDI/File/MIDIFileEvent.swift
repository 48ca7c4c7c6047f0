/// An event of a MIDI file track at its absolute tick.
public struct MIDIFileEvent: Hashable, Sendable {
    /// Ticks from the start of the track.
    public var tick: Int
    public var message: MIDIFileMessage
}
