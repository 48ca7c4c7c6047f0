import Foundation
import TactusCore
import TactusSession
import TactusJack

extension LiveSession {
    /// The compensation of the session's input: `tactus:audio-in` when
    /// there is one, else `tactus:input` (`--device`, else the first port
    /// connected to it, waited for a moment when connections were asked for).
    static func sessionCalibration(
        _ host: JackEngineHost, _ command: RunCommand, store: CalibrationStore?, ports: PortLatencies.Input, manualMs: Double
    ) -> InputCalibration {
        InputCalibration(
            named: command.device,
            connected: CalibrateCommand.firstSource(
                of: host, port: host.audioPort ?? host.inputPort,
                waitingFor: host.audioPort == nil ? command.connectInput.count : command.connectAudio.count),
            store: store, noCalibration: command.noCalibration, ports: ports, manualMs: manualMs, sampleRate: host.sampleRate)
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
