/// What owns a JACK client — the engine's host, the MIDI player, the
/// loopback input — and says what a command needs of the server, so that no
/// command reaches through to the client behind it.
public class JackClientOwner: @unchecked Sendable, JackPortLooking {
    let client: JackClient

    init(client: JackClient) {
        self.client = client
    }

    /// The client's name as the server knows it.
    public var name: String { client.name }

    /// The server's name, as the client resolved it.
    public var serverName: String { client.serverName }

    /// The server's sample rate.
    public var sampleRate: Int { client.sampleRate }

    /// The server's period, in frames.
    public var bufferSize: Int { client.bufferSize }

    /// Whether the server shut the client down (JACK's shutdown callback).
    public var isShutDown: Bool { client.isShutDown }

    /// Why the server shut the client down, to read once ``isShutDown``.
    public var shutdownReason: String { client.shutdownReason }

    /// Xruns the server reported since the client opened.
    public var xrunCount: Int { client.xrunCount }

    /// Activates the client: its process callback starts running.
    public func activate() throws(JackError) {
        try client.activate()
    }

    /// Waits until a callback or a cycle with reports wakes the control
    /// thread, or `timeout` passes; returns whether it was woken.
    @discardableResult
    public func waitForNotification(timeout: Duration) -> Bool {
        client.waitForNotification(timeout: timeout)
    }

    /// Wakes whoever waits in `waitForNotification` (keys, signals, ALSA input).
    public func wake() { client.wake() }

    /// Closes the client (`jack_client_close`); the owner is done.
    public func close() { client.close() }

    /// Takes the server, which runs no cycles, for gone (``JackClient/giveUp(reason:)``).
    public func giveUp(reason: String) { client.giveUp(reason: reason) }

    /// Which ports `pattern` finds for `port` now (see `JackPortLookout`).
    public func lookout(for port: JackPort, pattern: JackPortPattern) throws(JackError) -> JackPortLookout {
        try client.lookout(for: port, pattern: pattern)
    }

    /// Connects `port` to every port that matches `pattern`, now and
    /// whenever one appears.
    public func autoConnect(_ port: JackPort, to pattern: JackPortPattern) throws(JackError) {
        try client.autoConnect(port, to: pattern)
    }

    /// Waits, up to `timeout`, until the auto-connections asked for so far
    /// are made (see ``JackClient/settleAutoConnections(timeout:)``).
    @discardableResult
    public func settleAutoConnections(timeout: Duration) -> Bool {
        client.settleAutoConnections(timeout: timeout)
    }

    /// What the auto-connections failed at since the last call.
    public func takeAutoConnectFailures() -> [JackError] {
        client.takeAutoConnectFailures()
    }

    /// Full names of the output ports of `type` that `pattern` reaches now
    /// (what an auto-connection to an input of that type would connect).
    public func sources(matching pattern: JackPortPattern, type: JackPortType) -> [String] {
        (try? client.peers(matching: pattern, type: type, direction: .input)) ?? []
    }

    /// The ports connected to `port` now (none when the server cannot say).
    public func connections(of port: JackPort) -> [String] {
        (try? client.connections(of: port.name)) ?? []
    }

    /// Every port on the server with its type, direction and connections.
    public func portInfos() throws(JackError) -> [JackPortInfo] {
        try client.portInfos()
    }
}
