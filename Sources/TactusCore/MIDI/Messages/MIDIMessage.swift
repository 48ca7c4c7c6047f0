/// A MIDI message of any kind, system exclusive included.
public enum MIDIMessage: Hashable, Sendable {
    case channelVoice(MIDIChannelVoiceMessage)
    case systemCommon(MIDISystemCommonMessage)
    case realtime(MIDIRealtimeMessage)
    case systemExclusive(MIDISystemExclusive)

    init(_ message: MIDIShortMessage) {
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

extension MIDIMessage {
    /// The wire bytes, each message with its own status byte. System exclusive
    /// data is masked to 7 bits so that it cannot end the message early.
    public var bytes: [UInt8] {
        switch self {
        case .systemExclusive(let message): [0xF0] + message.data.map { $0 & 0x7F } + [0xF7]
        default: shortMessage?.bytes ?? []
        }
    }

    /// The wire bytes of `messages` one after another.
    public static func bytes(of messages: [MIDIMessage]) -> [UInt8] {
        messages.flatMap(\.bytes)
    }
}
