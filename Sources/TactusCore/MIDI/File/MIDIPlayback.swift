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
