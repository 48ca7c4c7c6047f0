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

/// An OSC 1.0 bundle: a time tag (NTP format; 1 means "immediately") and
/// the packets it holds, each of which may be a bundle again.
public struct OSCBundle: Hashable, Sendable {
    /// The time tag that asks for the contents at once.
    public static let immediately: UInt64 = 1

    public var timeTag: UInt64
    public var elements: [OSCPacket]

    public init(timeTag: UInt64 = Self.immediately, _ elements: [OSCPacket]) {
        self.timeTag = timeTag
        self.elements = elements
    }
}
