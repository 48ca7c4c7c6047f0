/// Why an OSC message is no command tactus takes; sent back to its sender
/// as `/tactus/error` with the address and this text.
public struct RemoteCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    public var address: String
    public var message: String

    public init(address: String, message: String) {
        self.address = address
        self.message = message
    }

    public var description: String { "\(address): \(message)" }
}
