import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusLive

extension CalibrateCommand {
    /// Plays a bar of count-in and then the beats to tap, collects the taps
    /// on `tactus:input` and measures them (`TapCalibration`).
    func tapAlong(_ host: JackEngineHost, signals: SignalWatch) throws(CommandLineError) -> Measurement {
        let tempo = bpm ?? Self.defaultTempo
        let count = taps ?? Self.defaultTaps
        // Let the connections settle so the port latencies include them.
        _ = host.waitForNotification(timeout: .milliseconds(50))
        let latencies = host.latencies()
        let latency = LatencyCompensation(clickOutputFrames: latencies.clickFrames, inputCaptureFrames: latencies.inputFrames)
        var along = TapAlong(timeline: try Self.timeline(bpm: tempo, countIn: 1, host: host), latency: latency, tapCount: count)
        StandardStreams.write("calibrate: tap every beat on your instrument (tactus:input) with the click: one bar of count-in, then \(count) beats at \(tempo) BPM\n")
        let progress = TerminalScreen.isTerminal(STDOUT_FILENO)
        let finished = host.collectTaps(into: &along, interrupted: { signals.receivedSignal != nil }) { outcome in
            if progress, case .counted(let taps, let offset) = outcome {
                StandardStreams.write("\rtap \(taps)/\(count)  \(Self.signed(offset)) ms ")
            }
        }
        if progress { StandardStreams.write("\r\u{1B}[K") }
        try Self.checkInterruption(finished, host, signals: signals)
        let jack = "JACK reports \(latencies.clickFrames) frames out and \(latencies.inputFrames) in, already compensated"
        do {
            let result = try TapCalibration(tapCount: count).measure(offsetsMs: along.offsetsMs)
            let lines = [
                "latency \(Self.signed(result.latencyMs)) ms: the median of \(result.usedTaps.count) taps (\(jack))",
                result.verdict,
            ]
            guard result.quality != .poor else {
                return Measurement(lines: lines, refusal: "the taps are too scattered to use; nothing saved")
            }
            return Measurement(lines: lines, calibration: result.deviceCalibration(measuredAt: Date()))
        } catch {
            return Measurement(lines: ["\(along.offsetsMs.count) taps counted of \(count)"], refusal: "\(error); nothing saved")
        }
    }

    /// Turns an interrupted measurement into the error saying why.
    static func checkInterruption(_ finished: Bool, _ host: JackEngineHost, signals: SignalWatch) throws(CommandLineError) {
        guard !finished else { return }
        if host.isShutDown {
            throw CommandLineError(
                "JACK server '\(host.serverName)' went away (\(host.shutdownReason)); nothing saved",
                exitCode: .unavailable)
        }
        throw .failure("interrupted by \(SignalWatch.name(signals.receivedSignal ?? SIGINT)); nothing saved")
    }
}
