/// A MIDI message that came in through the ALSA sequencer, with its JACK frame.
public struct ALSAInputEvent: Hashable, Sendable {
    public var message: ALSAMIDIMessage
    public var source: ALSAAddress
    /// The absolute JACK frame, ± the mapping's uncertainty; nil when the event
    /// had no real-time stamp or no reference pair was taken yet (use "now").
    public var frame: Int64?
}
