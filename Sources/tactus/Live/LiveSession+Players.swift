import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension RunCommand {
    /// Group session options: names unique, at most `JackEngineHost.maxPlayers`,
    /// devices only for named players, no `--connect-input` beside them.
    func validatePlayers() throws(CommandLineError) {
        try PlayerOption.validate(players, limit: JackEngineHost.maxPlayers)
        if let name = playerDevices.keys.sorted().first(where: { name in !players.contains { $0.name == name } }) {
            throw .option("--player-device", "no --player named '\(name)'")
        }
        if !players.isEmpty && !connectInput.isEmpty {
            throw .usage("--connect-input and --player exclude each other: in a group session each player has an input of their own")
        }
        if !players.isEmpty && !voiceLayers.isEmpty {
            throw .usage("--voice-layer and --player exclude each other: parts of one kit, or players of a group")
        }
        if !players.isEmpty && !alsaInput.isEmpty {
            throw .usage("--alsa-input and --player exclude each other: in a group session each player plays into a JACK port of their own")
        }
    }
}

extension LiveSession {
    /// Connects each player's port to what their `--player` names, now and
    /// whenever it appears; warns (and keeps waiting) when nothing matches yet.
    static func connectPlayers(_ host: JackEngineHost, _ command: RunCommand) throws(CommandLineError) {
        for (player, port) in zip(command.players, host.playerPorts) {
            let pattern = JackPortPattern(userText: player.port)
            try CommandLineError.catching(exitCode: .unavailable) { try host.autoConnect(port, to: pattern) }
            let sources = host.sources(matching: pattern, type: player.isAudio ? .audio : .midi)
            if sources.isEmpty {
                Tactus.warn(
                    "tactus run",
                    "--player \(player.name): no \(player.isAudio ? "audio" : "MIDI") output port matches '\(player.port)' yet; waiting for it (tactus ports lists them)")
            }
        }
    }
}
