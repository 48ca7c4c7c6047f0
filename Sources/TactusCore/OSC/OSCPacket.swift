/// What one UDP datagram of OSC carries: a message or a bundle.
public indirect enum OSCPacket: Hashable, Sendable {
    case message(OSCMessage)
    case bundle(OSCBundle)

    /// The messages in the packet, in order, bundles opened (time tags are
    /// not kept: tactus carries out what arrives when it arrives).
    public var messages: [OSCMessage] {
        switch self {
        case .message(let message): [message]
        case .bundle(let bundle): bundle.elements.flatMap(\.messages)
        }
    }
}
