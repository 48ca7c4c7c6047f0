/// Loops in JACK's graph, at the level JACK orders it: client A feeds
/// client B when an output port of A is connected to an input port of B.
/// JACK runs a loop by delaying one of its connections by a cycle, so what
/// goes once round it comes back exactly one period late.
public enum JackGraphLoop {
    /// Whether what `client` sends can come back to it through the
    /// connections `ports` lists.
    public static func returns(to client: String, in ports: [JackPortInfo]) -> Bool {
        var feeds: [String: Set<String>] = [:]
        for port in ports where port.direction == .output {
            let source = clientName(of: port.name)
            for peer in port.connections { feeds[source, default: []].insert(clientName(of: peer)) }
        }
        var seen: Set<String> = []
        var reached = Array(feeds[client] ?? [])
        while let next = reached.popLast() {
            if next == client { return true }
            guard seen.insert(next).inserted else { continue }
            reached += feeds[next] ?? []
        }
        return false
    }

    /// The client part of a full port name, `client:port`.
    static func clientName(of port: String) -> String {
        String(port.prefix { $0 != ":" })
    }
}
