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
