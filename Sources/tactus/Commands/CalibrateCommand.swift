import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusLive

/// `tactus calibrate`: measures the latency `tactus run` should compensate,
/// by tapping along with the click or by looping the click back into an
/// audio input, and stores it for the input device.
struct CalibrateCommand: Command {
    static let name = "calibrate"
    static let abstract = "Measure the latency to compensate: tap along with the click, or loop it back."
    static let usage = "[--server] [--taps] [--device] [--connect-input]… [--connect-click]… [--loopback]"
    static let optionTable: [Option<Self>] = [
        .server { $0.server = $1 },
        // Checked in `validate`: with --loopback the name takes a suffix.
        Option("--name", "CLIENT", "JACK client name.", .text, default: defaults.clientName) { $0.clientName = $1 },
        Option("--taps", "N", "Beats to tap, \(OptionHelp.range(tapAlongTaps)) (default: \(defaultTaps)); with --loopback, clicks to send, {range} (default: \(defaultLoopbackTaps)).",
               .integer(in: loopbackTaps, what: "a number of taps")) { $0.taps = $1 },
        Option("--bpm", "N", "Tempo of the click (default: \(defaultTempo); \(defaultLoopbackTempo) with --loopback).", .tempo) { $0.bpm = $1 },
        Option("--device", "NAME", "Store the result for NAME (default: the port connected to tactus:input, else 'default'); --loopback also stores it for the port it listened on.", .device) { $0.device = $1 },
        Option("--connect-input", "PORT", "Connect PORT (your instrument) to tactus:input (repeatable).", .port) { $0.connectInput.append($1) },
        Option("--connect-click", "PORT", "Connect the click to PORT (repeatable).", .port) { $0.connectClick.append($1) },
        Option("--loopback", "PORT", "Measure the round trip: the click comes back on audio port PORT (wire it from the click's output).", .port) {
            $0.loopback = $1
        },
        Option("--threshold", "X", "Loopback: the level (0–1) a returning click must reach.", .parsed(expected: "a level above 0 and at most 1") {
            (text: String) -> Float? in
            guard let value = Float(text), value.isFinite, value > 0, value <= 1 else { return nil }
            return value
        }, default: defaults.threshold) { $0.threshold = $1 },
    ]
    static let discussion = """
        Tap along: after one bar of count-in, tap each beat on your instrument with the click. The
        median offset of the taps (JACK's port latencies already taken out) is stored in
        $XDG_CONFIG_HOME/tactus/calibration.json for the device, and tactus run adds it to the latency
        compensation whenever that device is connected to tactus:input (--no-calibration leaves it out).
        Loopback: connect an output of your interface to one of its inputs with a cable, then e.g.
          tactus calibrate --connect-click system:playback_1 --loopback system:capture_1
        measures the round trip like jack_iodelay; the part JACK does not report is split evenly
        between the way out and the way in, and the way out (the click reaching your ears late) is stored.
        The whole unreported part is also stored for the loopback's input port (system:capture_1 above):
        a microphone or DI box on that input (tactus run --connect-audio) hears the click late and its
        strokes come back late by just that much. Loop back into the input you play into.
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()
    /// Taps to tap along, and clicks to loop back, when `--taps` is not given; what each may be.
    static let defaultTaps = 32, defaultLoopbackTaps = 16
    static let tapAlongTaps = 12...1000, loopbackTaps = 4...1000
    /// The click's tempo when `--bpm` is not given: tapping along, and looping back.
    static let defaultTempo = Tempo(milliBPM: 100_000), defaultLoopbackTempo = Tempo(milliBPM: 120_000)

    var server: String?
    var clientName = "tactus"
    var taps: Int?
    var bpm: Tempo?
    var device: String?
    var connectInput: [String] = []
    var connectClick: [String] = []
    var loopback: String?
    var threshold: Float = 0.1

    func validate() throws(CommandLineError) {
        // The loopback input is a second client, `NAME-loopback`.
        try ClientNameOption.check(clientName, suffix: loopback == nil ? "" : "-loopback")
        if loopback == nil, let taps, !Self.tapAlongTaps.contains(taps) {
            throw .option("--taps", "tapping along needs at least \(Self.tapAlongTaps.lowerBound) taps (the first 4 only settle in), got \(taps)")
        }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let path = try CalibrationFile.path(environment: ProcessInfo.processInfo.environment)
        // A store that cannot be read is reported before anyone taps.
        _ = try CalibrationFile.load(path)
        let signals = SignalWatch()
        let sound = loopback == nil ? ClickSound(voice: .woodblock, sampleRate: 48_000) : ClickSound.loopback(sampleRate: 48_000)
        let host = try JackEngineHost.open(for: Self.name, cycles: true) {
            try JackEngineHost(name: clientName, server: server, sounds: sound.buffers)
        }
        try host.connect([
            (host.clickPort, connectClick, "--connect-click"), (host.inputPort, connectInput, "--connect-input"),
        ], for: Self.name)
        let measurement: Measurement
        if let loopback {
            measurement = try measureLoopback(host, port: loopback, signals: signals)
        } else {
            measurement = try tapAlong(host, signals: signals)
        }
        let name = device ?? host.firstSource() ?? "default"
        for line in measurement.lines { StandardStreams.write(line + "\n") }
        guard let calibration = measurement.calibration else {
            throw .failure(measurement.refusal ?? "nothing measured; nothing saved")
        }
        if !measurement.audioSources.contains(name) {
            try CalibrationFile.save(calibration, for: name, at: path)
            StandardStreams.write("saved \(Self.signed(calibration.latencyMs)) ms for '\(name)' in \(path); tactus run uses it when '\(name)' plays into tactus:input (--no-calibration to leave it out)\n")
        }
        if let audio = measurement.audioCalibration {
            for source in measurement.audioSources {
                try CalibrationFile.save(audio, for: source, at: path)
                StandardStreams.write("saved \(Self.signed(audio.latencyMs)) ms for '\(source)' in \(path); tactus run uses it when '\(source)' plays into tactus:audio-in (the whole round trip JACK does not report: the click's way out and the stroke's way back in)\n")
            }
        }
        return .success
    }

    /// What a measurement found: lines for the player and the calibration
    /// to store, or why there is none.
    struct Measurement {
        var lines: [String]
        var calibration: DeviceCalibration?
        var refusal: String?
        /// Loopback: the ports the click came back on, and what a microphone
        /// or instrument on them is to be compensated by.
        var audioSources: [String] = []
        var audioCalibration: DeviceCalibration?
    }

    /// The timeline of the calibration click: 4/4 from a quarter second on, every beat.
    static func timeline(bpm: Tempo, countIn: Int, host: JackEngineHost) throws(CommandLineError) -> Timeline {
        let start = (host.frameTimeNow ?? 0) + Int64(host.sampleRate) / 4
        return try CommandLineError.catching {
            try Timeline(spec: TimelineSpec(sampleRate: host.sampleRate, tempo: bpm, countInBars: countIn), startFrame: start)
        }
    }

    static func signed(_ value: Double) -> String {
        String(format: "%+.3f", value)
    }
}
