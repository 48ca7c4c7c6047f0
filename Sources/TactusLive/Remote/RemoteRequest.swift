import TactusCore

/// A command that arrived on the OSC port, with the message it came as and
/// who sent it (for replies).
struct RemoteRequest: Sendable {
    var command: RemoteCommand
    var message: OSCMessage
    var sender: UDPAddress
}
