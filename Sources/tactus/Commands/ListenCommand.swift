import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusLive

/// `tactus listen`: the quick check of an audio input before a session.
/// Prints each stroke the detector finds, as it finds it, with its level.
struct ListenCommand: Command {
    static let name = "listen"
    static let abstract = "Print the strokes found on an audio input with their level, to set gain and sensitivity."
    static let usage = "[--connect-audio]… [--sensitivity] [--seconds] [--server]"
    static let optionTable: [Option<Self>] = [
        .server { $0.server = $1 },
        Option("--name", "CLIENT", "JACK client name (default: {default}); the port is CLIENT:audio-in.", .clientName, default: defaults.clientName) { $0.clientName = $1 },
        Option("--connect-audio", "PORT", "Listen to PORT (exact name or regex; repeatable; kept up when PORT appears later); else connect it yourself.",
               .port) { $0.connectAudio.append($1) },
        .sensitivity("Audio input") { $0.sensitivity = $1 },
        Option("--seconds", "N", "Stop after N seconds, {range} (default: on Ctrl-C, SIGTERM or SIGHUP).",
               .integer(in: 1...3_600, what: "seconds")) { $0.seconds = $1 },
    ]
    static let discussion = """
        Each stroke is printed as it is found, with the same detector and settings as tactus run
        --connect-audio and tactus analyze FILE.wav: its time since listening began, its level (the
        peak of its first 10 ms) on a meter from -60 to 0 dBFS, and the time since the stroke before:
             1.250 s   -12.4 dBFS  [###############-----]  +500 ms
        On a terminal the input's level is shown below, as in the live view. Play your loudest and
        softest strokes: set the gain so the loudest peak between -12 and -3 dBFS, and the
        sensitivity so every soft stroke is printed and nothing else is (a cymbal's wash, the room).
        Ends with a count of the strokes and their levels.
        Example: tactus listen --connect-audio system:capture_1 --sensitivity 7
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var server: String?
    var clientName = "tactus-listen"
    var connectAudio: [String] = []
    var sensitivity: Double?
    var seconds: Int?

    func run() throws(CommandLineError) -> ExitCode {
        let host = try JackEngineHost.open(for: Self.name) {
            try JackEngineHost(name: clientName, server: server, sounds: [], audioInput: true)
        }
        defer { host.close() }
        guard let port = host.audioPort else { throw .failure("the audio input was not registered") }
        try host.connect([(port, connectAudio, "--connect-audio")], for: Self.name)
        var stream = StrokeStream(detector: try StrokeDetector(
            sampleRate: host.sampleRate, sensitivity: sensitivity, scoring: ScoringSettings(),
            source: "JACK server '\(host.serverName)'"))
        let signals = SignalWatch()
        signals.onSignal { host.wake() }
        let terminal = TerminalScreen.isTerminal(STDOUT_FILENO)
        let connected = connectAudio.isEmpty ? "; connect your instrument to it" : " (connected to \(connectAudio.joined(separator: ", ")))"
        StandardStreams.write("listening on \(port.name)\(connected); play, and stop with Ctrl-C\n")

        var listing = StrokeListing(sampleRate: host.sampleRate)
        var meter = LevelMeter(sampleRate: host.sampleRate)
        var peakDb = LevelMeter.floorDb
        let clock = ContinuousClock()
        let started = clock.now
        var shown = started - .seconds(1)
        /// The lines of the strokes the audio captured since the last look completes.
        func heard() -> String {
            var lines = ""
            for block in host.drainAudio() {
                let strokes = block.withSamples { samples in
                    meter.take(samples)
                    return stream.process(samples, at: block.frame)
                }
                peakDb = max(peakDb, meter.levelDb)
                listing.begin(at: block.frame)
                for stroke in strokes { lines += listing.line(for: stroke) + "\n" }
            }
            return lines
        }
        while signals.receivedSignal == nil && !host.isShutDown {
            if let seconds, clock.now - started >= .seconds(seconds) { break }
            let lines = heard()
            if terminal {
                // The input's line stays below the strokes, redrawn ten times a second.
                if !lines.isEmpty || clock.now - shown >= .milliseconds(100) {
                    StandardStreams.write("\r\u{1B}[K" + lines + StrokeListing.inputLine(meter.levelDb))
                    shown = clock.now
                }
            } else if !lines.isEmpty {
                StandardStreams.write(lines)
            }
            host.waitForNotification(timeout: .milliseconds(20))
        }
        // What was captured before the end, then the strokes of its last
        // 32 ms, as if silence followed.
        let last = heard() + stream.finish().map { listing.line(for: $0) + "\n" }.joined()
        let lasted = (clock.now - started).inSeconds
        StandardStreams.write((terminal ? "\r\u{1B}[K" : "") + last + listing.summary(seconds: lasted, inputPeakDb: peakDb) + "\n")
        if host.isShutDown && signals.receivedSignal == nil {
            throw CommandLineError("the JACK server '\(host.serverName)' went away", exitCode: .unavailable)
        }
        return .success
    }
}
