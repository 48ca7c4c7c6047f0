/// Which of the click's connections a player of a group session hears. A
/// remote player over netjack2 sends their notes and hears the click through
/// one client on the master (`ben:midi_from_slave_1` in, `ben:to_slave_1`
/// out), so the click's connections into the client their notes come from
/// are theirs; a player whose notes come from elsewhere hears the click's
/// other connections, those into another player's client left out.
public enum PlayerClickPath {
    /// The click destinations (full port names) player hears, given the
    /// ports feeding `sources` (their instrument's ports) and the ports
    /// feeding the other players (`othersSources`). Empty when none is theirs.
    public static func destinations(
        click: [String], sources: [String], othersSources: [String]
    ) -> [String] {
        let own = Set(sources.map(client(of:)))
        let theirs = click.filter { own.contains(client(of: $0)) }
        if !theirs.isEmpty { return theirs }
        let others = Set(othersSources.map(client(of:))).subtracting(own)
        return click.filter { !others.contains(client(of: $0)) }
    }

    /// The client part of a full port name: `ben` of `ben:to_slave_1`.
    public static func client(of port: String) -> String {
        port.firstIndex(of: ":").map { String(port[..<$0]) } ?? port
    }
}
