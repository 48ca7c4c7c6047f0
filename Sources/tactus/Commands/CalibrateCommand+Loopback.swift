import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusLive

extension CalibrateCommand {
    /// Sends clicks out of `tactus:click`, listens for them on `port` through
    /// a second client's input, and measures the round trip
    /// (`LoopbackCalibration`) as `jack_iodelay` does.
    func measureLoopback(_ host: JackEngineHost, port: String, signals: SignalWatch) throws(CommandLineError) -> Measurement {
        let tempo = bpm ?? Self.defaultLoopbackTempo
        let count = taps ?? Self.defaultLoopbackTaps
        let rate = host.sampleRate
        let detector = try CommandLineError.catching { try OnsetDetector(threshold: threshold, holdOffSamples: rate / 20) }
        let input = try JackLoopbackInput.open(for: Self.name, failure: { CommandLineError("\($0)", exitCode: .unavailable) }) {
            try JackLoopbackInput(name: clientName + "-loopback", server: server, detector: detector)
        } ready: { input in
            try input.autoConnect(input.port, to: JackPortPattern(userText: port))
        }
        PortNotice.announce(Self.name, ports: input, port: input.port, pattern: JackPortPattern(userText: port), option: "--loopback")
        var sources: [String] = []
        let deadline = ContinuousClock.now + .seconds(1)
        while sources.isEmpty && ContinuousClock.now < deadline {
            input.waitForNotification(timeout: .milliseconds(10))
            sources = input.connections(of: input.port)
        }
        guard !sources.isEmpty else {
            throw CommandLineError("--loopback: no port '\(port)' to listen to (tactus ports lists them)", exitCode: .unavailable)
        }
        let timeline = try Self.timeline(bpm: tempo, countIn: 0, host: host)
        StandardStreams.write("calibrate: \(count) clicks at \(tempo) BPM from tactus:click, listening on \(sources.joined(separator: ", "))\n")
        var clicks = LoopbackClicks(count: count, of: timeline)
        try Self.checkInterruption(host.sendClicks(&clicks, to: input, interrupted: { signals.receivedSignal != nil }), host, signals: signals)
        let clicksOut = host.latencies().clickFrames
        let capture = input.captureLatency()
        let result: LoopbackResult
        do {
            result = try clicks.measure()
        } catch {
            let peak = input.peak
            let level = peak > 0 ? "the loudest sample was \(String(format: "%.3f", peak))" : "nothing but silence came back"
            return Measurement(lines: [level], refusal: "\(error); nothing saved")
        }
        let ms = 1000 / Double(rate)
        let reported = clicksOut + capture
        let unreported = result.delayFrames - Double(reported)
        let lines = [
            "round trip \(Self.frames(result.delayFrames)) frames (\(String(format: "%.3f", result.delayFrames * ms)) ms), jitter \(String(format: "%.2f", result.jitterFrames)) frames, \(result.delays.count) of \(clicks.sent.count) clicks came back",
            "JACK reports \(reported) frames of it (\(clicksOut) out, \(capture) in); \(Self.frames(unreported)) frames it does not report, half of them on the way out",
        ]
        let stored = DeviceCalibration(
            latencyMs: unreported / 2 * ms, method: .loopback, measuredAt: Date(), spreadMs: result.jitterFrames * ms)
        // An instrument on the input the click came back on: the click
        // reaches the player late by the way out, and the stroke reaches
        // tactus late by the way in.
        let audio = DeviceCalibration(
            latencyMs: unreported * ms, method: .loopback, measuredAt: stored.measuredAt, spreadMs: stored.spreadMs)
        do {
            try stored.validate(field: "loopback")
            try audio.validate(field: "loopback")
        } catch {
            return Measurement(lines: lines, refusal: "\(error); nothing saved")
        }
        return Measurement(lines: lines, calibration: stored, audioSources: sources, audioCalibration: audio)
    }

    /// Frames with a decimal only when there is one ("512", "512.5").
    static func frames(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(format: "%.1f", value)
    }
}
