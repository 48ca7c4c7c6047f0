/// What `tactus play` sends of a MIDI file: its messages in time order at
/// their frames, and how many it leaves out.
public struct MIDIPlayback: Hashable, Sendable {
    /// In frame order; at one tick, by track, then in file order.
    public var events: [MIDIPlaybackEvent]
    /// System exclusive events left out: longer than
    /// ``MIDIFile/longestPlayedSystemExclusive`` bytes, not ending with F7
    /// (split packets), or F7 escapes.
    public var skippedSystemExclusive: Int
}

/// A message of a MIDI file placed at its audio frame, ready to be sent.
public struct MIDIPlaybackEvent: Hashable, Sendable {
    /// Frames from tick 0 (which is frame 0): exact through the tempo map,
    /// rounded once.
    public var frame: Int64
    /// Where the file has it.
    public var tick: Int
    /// The complete wire message: a channel message with its own status
    /// byte, or a system exclusive message from F0 to F7.
    public var bytes: [UInt8]
}
