import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// Connects each player's port to what their `--player` names, now and
    /// whenever it appears; warns (and keeps waiting) when nothing matches yet.
    static func connectPlayers(_ host: JackEngineHost, _ players: [SessionSetup.Player]) throws(CommandLineError) {
        for (player, port) in zip(players, host.playerPorts) {
            let pattern = JackPortPattern(userText: player.port)
            try CommandLineError.catching(exitCode: .unavailable) { try host.autoConnect(port, to: pattern) }
            let sources = host.sources(matching: pattern, type: player.isAudio ? .audio : .midi)
            if sources.isEmpty {
                StandardStreams.warn(
                    "tactus run",
                    "--player \(player.name): no \(player.isAudio ? "audio" : "MIDI") output port matches '\(player.port)' yet; waiting for it (tactus ports lists them)")
            }
        }
    }
}
