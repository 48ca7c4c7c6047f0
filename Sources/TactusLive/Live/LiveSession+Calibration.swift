import Foundation
import TactusCore
import TactusSession
import TactusJack

extension LiveSession {
    /// The session as the command asks for it, on `host` as it is now: each
    /// input's latencies and the device playing into it (`--device`, else
    /// the first port connected to `tactus:audio-in` when there is one, else
    /// to `tactus:input`, waited for a moment when connections were asked for).
    static func setup(_ asked: SessionSetup, _ options: LiveOptions, host: JackEngineHost) throws(CommandLineError) -> SessionSetup {
        var setup = asked
        setup.sampleRate = host.sampleRate
        setup.store = try calibrationStore(noCalibration: setup.noCalibration, environment: ProcessInfo.processInfo.environment)
        let ports = portLatencies(host)
        setup.input = SessionSetup.Input(
            device: setup.input.device ?? host.firstSource(
                of: host.audioPort ?? host.inputPort,
                waitingFor: host.audioPort == nil ? options.connectInput.count : options.connectAudio.count),
            latencies: ports.session)
        setup.audioInput = host.audioPort != nil
        setup.players = zip(setup.players, zip(host.playerPorts, ports.players)).map { player, port in
            var player = player
            player.port = port.0.name
            player.input = SessionSetup.Input(device: player.input.device ?? host.connections(of: port.0).first, latencies: port.1)
            return player
        }
        setup.leadsTransport = options.transport == .master
        setup.periodFrames = host.bufferSize
        return setup
    }

    /// The calibration store, unless `--no-calibration` is given or nothing
    /// says where it lives; one that cannot be read stops the session.
    static func calibrationStore(noCalibration: Bool, environment: [String: String]) throws(CommandLineError) -> CalibrationStore? {
        guard !noCalibration, let path = CalibrationStore.path(environment: environment) else { return nil }
        do {
            return try CalibrationFile.load(path)
        } catch {
            throw CommandLineError(error.message + " (--no-calibration to play without it)", exitCode: error.exitCode)
        }
    }
}
