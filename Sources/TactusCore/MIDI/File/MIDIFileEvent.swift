/// An event of a MIDI file track at its absolute tick.
public struct MIDIFileEvent: Hashable, Sendable {
    /// Ticks from the start of the track.
    public var tick: Int
    public var message: MIDIFileMessage
}

/// What a MIDI file event holds.
public enum MIDIFileMessage: Hashable, Sendable {
    case channelVoice(MIDIChannelVoiceMessage)
    /// An F0 event: the bytes after F0, normally ending with F7.
    case systemExclusive([UInt8])
    /// An F7 event: bytes to send as they are (sysex continuations, or any
    /// message a file cannot otherwise hold).
    case escape([UInt8])
    case meta(MIDIMetaEvent)
}
