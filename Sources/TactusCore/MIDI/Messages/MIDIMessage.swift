/// A MIDI message of any kind, system exclusive included.
public enum MIDIMessage: Hashable, Sendable {
    case channelVoice(MIDIChannelVoiceMessage)
    case systemCommon(MIDISystemCommonMessage)
    case realtime(MIDIRealtimeMessage)
    case systemExclusive(MIDISystemExclusive)

    public init(_ message: MIDIShortMessage) {
        switch message {
        case .channelVoice(let voice): self = .channelVoice(voice)
        case .systemCommon(let common): self = .systemCommon(common)
        case .realtime(let realtime): self = .realtime(realtime)
        }
    }

    /// The message as a short message; nil for system exclusive.
    public var shortMessage: MIDIShortMessage? {
        switch self {
        case .channelVoice(let voice): .channelVoice(voice)
        case .systemCommon(let common): .systemCommon(common)
        case .realtime(let realtime): .realtime(realtime)
        case .systemExclusive: nil
        }
    }
}
