/// An OSC 1.0 message: an address pattern such as `/tactus/tempo` and its
/// arguments.
public struct OSCMessage: Hashable, Sendable, CustomStringConvertible {
    public var address: String
    public var arguments: [OSCArgument]

    public init(_ address: String, _ arguments: [OSCArgument] = []) {
        self.address = address
        self.arguments = arguments
    }

    /// `/tactus/tempo f 120.0`, for logs and error replies.
    public var description: String {
        ([address] + arguments.map(\.description)).joined(separator: " ")
    }
}
