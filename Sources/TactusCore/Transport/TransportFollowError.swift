/// Why tactus cannot click along a transport master's position.
public struct TransportFollowError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "transport master: \(message)" }
}
