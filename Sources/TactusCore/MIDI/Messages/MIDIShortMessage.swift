/// Any MIDI message but system exclusive: at most three bytes, a fixed-size
/// trivial value that realtime code can parse, store and pass through rings.
public enum MIDIShortMessage: Hashable, Sendable, BitwiseCopyable {
    case channelVoice(MIDIChannelVoiceMessage)
    case systemCommon(MIDISystemCommonMessage)
    case realtime(MIDIRealtimeMessage)
}
