/// What a port's auto-connection rule finds in the graph right now, so a
/// rule that cannot connect yet is announced instead of waited on in silence.
public enum JackPortLookout: Hashable, Sendable {
    /// Ports of the right type and direction match: they are (being) connected.
    case found([String])
    /// Nothing matches yet; it is connected when it appears.
    case missing
    /// Only ports of another type or the same direction match: these can
    /// never be connected (their `connections` are left empty).
    case mismatched([JackPortInfo])
}

/// What can say which ports a pattern finds for a port: a client, or the
/// engine host on its behalf.
public protocol JackPortLooking {
    func lookout(for port: JackPort, pattern: JackPortPattern) throws(JackError) -> JackPortLookout
}

extension JackClient: JackPortLooking {
    /// Which peers `pattern` finds for `port` (outputs for an input, inputs
    /// for an output, of the port's type), and if none, which ports it
    /// matches that cannot be connected to it.
    public func lookout(for port: JackPort, pattern: JackPortPattern) throws(JackError) -> JackPortLookout {
        let peers = try self.peers(matching: pattern, type: port.type, direction: port.direction)
        if !peers.isEmpty { return .found(peers) }
        let others = try ports(matching: pattern.regularExpression).filter { $0 != port.name }.compactMap { name in
            (try? self.port(named: name)).map { JackPortInfo(name: name, port: $0, connections: []) }
        }
        return others.isEmpty ? .missing : .mismatched(others)
    }
}
