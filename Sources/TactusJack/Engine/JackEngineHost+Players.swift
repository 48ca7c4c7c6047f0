extension JackEngineHost {
    /// Most players a group session has: every player port is registered
    /// and its slot allocated before the client is activated.
    public static let maxPlayers = 16

    /// The short name of a player's input port: `player-NAME`.
    public static func playerPortName(_ player: String) -> String {
        "player-" + player
    }

    /// Full names of the MIDI output ports `pattern` reaches now (what an
    /// auto-connection to a player port would connect).
    public func midiSources(matching pattern: JackPortPattern) -> [String] {
        (try? client.ports(matching: pattern.regularExpression, type: .midi, flags: [.output])) ?? []
    }
}
