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
