import Foundation
import TactusCore
import TactusSession
import TactusJack

extension LiveSession {
    /// The session as the command asks for it, on `host` as it is now: each
    /// input's latencies and the device playing into it (`--device`, else
    /// the first port connected to `tactus:audio-in` when there is one, else
    /// to `tactus:input`, waited for a moment when connections were asked for).
    static func setup(
        _ command: RunCommand, _ practice: Practice, host: JackEngineHost, pedalMap: PedalMap?, drumMap: DrumMap, voiceParts: [VoiceLayer]
    ) throws(CommandLineError) -> SessionSetup {
        var setup = SessionSetup(spec: practice.timeline.spec, config: practice.config, sampleRate: host.sampleRate)
        setup.store = try calibrationStore(command, environment: ProcessInfo.processInfo.environment)
        setup.noCalibration = command.noCalibration
        setup.latencyMs = command.latencyMs
        let ports = portLatencies(host)
        setup.input = SessionSetup.Input(
            device: command.device ?? CalibrateCommand.firstSource(
                of: host, port: host.audioPort ?? host.inputPort,
                waitingFor: host.audioPort == nil ? command.connectInput.count : command.connectAudio.count),
            latencies: ports.session)
        setup.audioInput = host.audioPort != nil
        setup.players = zip(command.players, zip(host.playerPorts, ports.players)).map { player, port in
            SessionSetup.Player(
                name: player.name, source: player.source, isAudio: player.isAudio, port: port.0.name,
                input: SessionSetup.Input(device: command.playerDevices[player.name] ?? host.connections(of: port.0).first, latencies: port.1))
        }
        setup.free = command.free
        setup.scoreSubdivision = command.scoreSubdivision
        setup.scoreLayer = command.scoreLayer
        setup.tempoTiming = command.tempoTiming
        setup.tempoGlideBeats = command.tempoGlideBeats
        setup.clockWhileStopped = command.clockWhileStopped
        setup.pedalMap = pedalMap
        setup.drumMap = drumMap
        setup.voiceParts = voiceParts
        setup.sensitivity = command.sensitivity
        setup.leadMs = command.leadMs
        setup.leadsTransport = command.transport == .master
        setup.periodFrames = host.bufferSize
        return setup
    }

    /// The calibration store, unless `--no-calibration` is given or nothing
    /// says where it lives; one that cannot be read stops the session.
    static func calibrationStore(
        _ command: RunCommand, environment: [String: String]
    ) throws(CommandLineError) -> CalibrationStore? {
        guard !command.noCalibration, let path = CalibrationStore.path(environment: environment) else { return nil }
        do {
            return try CalibrationFile.load(path)
        } catch {
            throw CommandLineError(error.message + " (--no-calibration to play without it)", exitCode: error.exitCode)
        }
    }
}
