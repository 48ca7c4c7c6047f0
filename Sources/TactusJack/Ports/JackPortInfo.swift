/// One port on the server as `tactus ports` lists it.
public struct JackPortInfo: Hashable, Sendable {
    /// Full name, `client:port`.
    public var name: String
    public var type: JackPortType
    public var direction: JackPortDirection
    /// Whether the port stands for a hardware connector (`JackPortIsPhysical`).
    public var isPhysical: Bool
    /// Full names of the ports it is connected to.
    public var connections: [String]
}

extension JackPortInfo {
    /// `port`, whose full name is `name`, with these connections.
    init(name: String, port: JackPort, connections: [String]) {
        self.init(name: name, type: port.type, direction: port.direction, isPhysical: port.isPhysical, connections: connections)
    }

    /// Every port on the server, in the server's order, read by a short-lived
    /// client named `clientName` (JACK adds a suffix if it is taken).
    ///
    /// - Throws: ``JackError/serverUnreachable(server:)`` when no server runs.
    public static func list(server: String? = nil, clientName: String = "tactus-ports") throws(JackError) -> [JackPortInfo] {
        let client = try JackClient(name: clientName, server: server, exactName: false)
        defer { client.close() }
        return try client.portInfos()
    }
}

extension JackClient {
    /// Every port on the server with its type, direction and connections
    /// (`jack_get_ports`, `jack_port_by_name`, `jack_port_get_all_connections`).
    /// A port that disappears while being read is left out.
    public func portInfos() throws(JackError) -> [JackPortInfo] {
        try ports().compactMap { name in
            guard let port = try? port(named: name), let connections = try? connections(of: name) else { return nil }
            return JackPortInfo(name: name, port: port, connections: connections)
        }
    }
}
