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
