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
        let peers = try ports(matching: pattern.regularExpression, type: port.type, flags: JackPortAttributes(port.direction.opposite))
        if !peers.isEmpty { return .found(peers) }
        var others: [JackPortInfo] = []
        for name in try ports(matching: pattern.regularExpression) where name != port.name {
            guard let other = try? self.port(named: name) else { continue }
            others.append(JackPortInfo(name: name, type: other.type, direction: other.direction, isPhysical: other.isPhysical, connections: []))
        }
        return others.isEmpty ? .missing : .mismatched(others)
    }
}
