import TactusCore
import TactusJack

extension RunCommand {
    /// Group session options: names unique, at most `JackEngineHost.maxPlayers`,
    /// devices only for named players, no `--connect-input` beside them.
    func validatePlayers() throws(CommandLineError) {
        try PlayerOption.validate(players, limit: JackEngineHost.maxPlayers)
        if let name = playerDevices.keys.sorted().first(where: { name in !players.contains { $0.name == name } }) {
            throw .option("--player-device", "no --player named '\(name)'")
        }
        if !players.isEmpty && !live.connectInput.isEmpty {
            throw .usage("--connect-input and --player exclude each other: in a group session each player has an input of their own")
        }
        if !players.isEmpty && !voiceLayers.isEmpty {
            throw .usage("--voice-layer and --player exclude each other: parts of one kit, or players of a group")
        }
        if !players.isEmpty && !live.alsaInput.isEmpty {
            throw .usage("--alsa-input and --player exclude each other: in a group session each player plays into a JACK port of their own")
        }
    }
}
