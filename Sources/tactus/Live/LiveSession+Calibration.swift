import Foundation
import TactusCore
import TactusJack

extension LiveSession {
    /// The calibration stored for the device playing into `tactus:audio-in`
    /// when there is one, else into `tactus:input` (`--device`, else the
    /// first port connected to it, else `default`), or nil when there is
    /// none or `--no-calibration` was given.
    static func storedCalibration(
        _ host: JackEngineHost, _ command: RunCommand, environment: [String: String]
    ) throws(CommandLineError) -> (device: String, use: CalibrationUse?) {
        let device = command.device
            ?? CalibrateCommand.firstSource(
                of: host, port: host.audioPort ?? host.inputPort,
                waitingFor: host.audioPort == nil ? command.connectInput.count : command.connectAudio.count)
            ?? "default"
        guard let store = try calibrationStore(command, environment: environment) else { return (device, nil) }
        return (device, store[device].map { CalibrationUse(device: device, calibration: $0) })
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

    /// "latency compensation 12.333 ms: JACK 512 frames out + 80 in, +2.000 ms
    /// from the tap calibration of 'default' (…), +1.000 ms --latency-ms".
    static func latencyLine(
        _ latency: LatencyCompensation, calibration: CalibrationUse?, manualMs: Double, device: String, sampleRate: Int,
        noCalibration: Bool
    ) -> String {
        var parts = ["JACK \(latency.clickOutputFrames) frames out + \(latency.inputCaptureFrames) in"]
        if let calibration {
            parts.append(calibration.description)
        } else {
            parts.append(noCalibration ? "no calibration (--no-calibration)" : "no calibration for '\(device)' (tactus calibrate)")
        }
        if manualMs != 0 { parts.append("\(CalibrateCommand.signed(manualMs)) ms given") }
        return "latency compensation \(String(format: "%.3f", latency.totalMs(sampleRate: sampleRate))) ms: " + parts.joined(separator: ", ")
    }
}
