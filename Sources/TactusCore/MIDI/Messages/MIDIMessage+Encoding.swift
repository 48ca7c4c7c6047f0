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
