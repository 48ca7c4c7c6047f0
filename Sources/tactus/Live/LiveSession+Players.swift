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

    /// The latency compensation of one player's input: the output latency
    /// of the click's path they hear, the capture latency of what feeds `port`, and the user's
    /// offset (manual plus the player's stored calibration). The one place
    /// a player's compensation is made.
    static func playerLatency(_ host: JackEngineHost, player index: Int, userOffsetMs: Double) -> LatencyCompensation {
        LatencyCompensation(
            clickOutputFrames: host.clickLatencyFrames(player: index),
            inputCaptureFrames: host.captureLatencyFrames(feeding: host.playerPorts[index]), userOffsetMs: userOffsetMs)
    }

    /// Each player's scorer with their own latency compensation and
    /// calibration (`--player-device`, else the first port connected to their
    /// input, else `default`), and one line per player saying what it is.
    static func playerScoring(
        _ host: JackEngineHost, _ command: RunCommand, timeline: Timeline, scoring: ScoringSettings, manualMs: Double,
        environment: [String: String]
    ) throws(CommandLineError) -> (scoring: PlayerScoring, lines: [String]) {
        let store = try calibrationStore(command, environment: environment)
        var settings: [ScoringSettings] = []
        var lines: [String] = []
        for (index, (player, port)) in zip(command.players, host.playerPorts).enumerated() {
            let device = command.playerDevices[player.name]
                ?? host.connections(of: port).first ?? "default"
            let use = store?[device].map { CalibrationUse(device: device, calibration: $0) }
            let latency = playerLatency(host, player: index, userOffsetMs: manualMs + (use?.calibration.latencyMs ?? 0))
            var own = scoring
            own.latency = latency
            settings.append(own)
            lines.append("\(player.name) (\(port.name)): " + latencyLine(
                latency, calibration: use, manualMs: manualMs, device: device, sampleRate: timeline.sampleRate,
                noCalibration: command.noCalibration))
        }
        let scoring = try CommandLineError.catching {
            try PlayerScoring(
                names: command.players.map(\.name), ports: command.players.map(\.source), grid: timeline, settings: settings)
        }
        return (scoring, lines)
    }
}
