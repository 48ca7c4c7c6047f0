import Foundation
import TactusCore
import TactusJack
import TactusLive

/// `tactus play`: plays a Standard MIDI File into JACK sample-accurately, for
/// replaying a performance, demos and tests. Tick 0 starts either a lead
/// time after the output is connected or exactly on the MIDI Start that
/// arrives from `--start-on-clock`.
struct PlayCommand: Command {
    static let name = "play"
    static let abstract = "Play a MIDI file into JACK, sample-accurately."
    static let usage = "--to [--to]… [options]"
    static let optionTable: [Option<Self>] = [
        Option("--to", "PORT", "Port to play into (exact name or regex; repeatable; connected whenever it appears).", .port) {
            $0.destinations.append(JackPortPattern(userText: $1))
        },
        .server { $0.server = $1 },
        Option("--name", "CLIENT", "JACK client name (default: {default}, or a free variant).", .clientName, default: defaultClientName) { $0.clientName = $1 },
        Option("--start-on-clock", "PORT", "Start tick 0 exactly on the MIDI Start from PORT, e.g. tactus:clock.", .port) {
            $0.clockSource = JackPortPattern(userText: $1)
        },
        .leadMilliseconds("Otherwise start after the output is connected by", default: defaultLeadMilliseconds) { $0.leadMilliseconds = $1 },
        Option("--wait", "SECONDS", "Give up when no --to (or --start-on-clock) port has appeared after SECONDS, {range}; 0 waits forever.",
               .integer(in: 0...86_400, what: "seconds"), default: defaults.waitSeconds) { $0.waitSeconds = $1 },
        .quiet { $0.quiet = true },
    ]
    static let discussion = """
        Example: tactus play groove.mid --to tactus:input --start-on-clock tactus:clock
        Every channel message (and SysEx of up to 256 bytes) goes out at the exact frame
        the file's tempo map gives its tick. The client has one MIDI output 'out' and,
        with --start-on-clock, one MIDI input 'clock_in'. Ends after the last event
        (exit 0) or on Ctrl-C; exit 3 when JACK is not running or shuts down, exit 1 when
        no port to play into appears within --wait seconds.
        """

    static let defaultClientName = "tactus-play"
    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var path: String?
    var destinations: [JackPortPattern] = []
    var server: String?
    var clientName: String?
    var clockSource: JackPortPattern?
    var leadMilliseconds: Int?
    /// `--lead-ms` when not given.
    static let defaultLeadMilliseconds = 200
    var waitSeconds = 30
    var quiet = false

    static let positionals: [Positional<Self>] = [Positional("FILE.mid", \.path, give: "give the MIDI file to play")]

    func validate() throws(CommandLineError) {
        guard !destinations.isEmpty else {
            throw .option("--to", "missing; give the port to play into (list them with 'tactus ports')")
        }
        if clockSource != nil && leadMilliseconds != nil {
            throw .usage("--lead-ms and --start-on-clock exclude each other; the MIDI Start sets the start")
        }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let path = path ?? ""
        let file = try MIDIFile.read(FileSystem.read(path, limit: InputLimit.midi, what: "MIDI file"), path: path, for: Self.name)
        let signals = SignalWatch()
        let player: JackMIDIPlayer = try .open(for: Self.name, failure: { ($0 as? JackError).map(CommandLineError.jack) ?? .failure("\($0)") }) {
            let player = try JackMIDIPlayer(
                file: file, name: clientName ?? Self.defaultClientName, server: server,
                exactName: clientName != nil, startsOnClock: clockSource != nil)
            for destination in destinations {
                try player.autoConnect(player.output, to: destination)
            }
            if let clockSource, let clockInput = player.clockInput {
                try player.autoConnect(clockInput, to: clockSource)
            }
            return player
        }
        defer { player.close() }
        for destination in destinations {
            announce(PortNotice(ports: player, port: player.output, pattern: destination, option: "--to"))
        }
        if let clockSource, let clockInput = player.clockInput {
            announce(PortNotice(ports: player, port: clockInput, pattern: clockSource, option: "--start-on-clock"))
        }
        let stopped = try play(player, signals: signals)
        if !quiet {
            StandardStreams.write(Self.summary(player, stopped: stopped) + "\n")
        }
        return .success
    }

    /// A waiting line unless `--quiet`; a port of the wrong kind always.
    func announce(_ notice: PortNotice?) {
        guard let notice, !quiet || !notice.isWaiting else { return }
        FileHandle.standardError.write(Data("tactus \(Self.name): \(notice.text)\n".utf8))
    }

    /// Runs until every event is out (plus a tail), a stop is asked for, or
    /// the server goes; returns whether it was stopped. Gives up when the
    /// ports have not appeared within `--wait` seconds; says once that it
    /// waits for MIDI Start, and how to send one when the clock is found
    /// running already.
    func play(_ player: JackMIDIPlayer, signals: SignalWatch) throws(CommandLineError) -> Bool {
        let rate = Int64(player.sampleRate)
        let lead = Int64(leadMilliseconds ?? Self.defaultLeadMilliseconds) * rate / 1000
        let tail = max(2 * Int64(player.bufferSize), rate / 10)
        let deadline = ContinuousClock.now + .seconds(waitSeconds)
        var clock = ClockNotices()
        while true {
            if signals.receivedSignal != nil { return true }
            if player.startFrame == nil {
                let connected = !player.connections(of: player.output).isEmpty
                let clockConnected = player.clockInput.map { !player.connections(of: $0).isEmpty } ?? true
                if !(connected && clockConnected), waitSeconds > 0, ContinuousClock.now >= deadline {
                    let missing = !connected
                        ? "no MIDI input port matching \(destinations.map(\.description).joined(separator: " or ")) (--to)"
                        : "no MIDI output port matching \(clockSource?.description ?? "") (--start-on-clock)"
                    throw .failure("\(missing) appeared within \(waitSeconds) s; nothing played (see 'tactus ports'; --wait 0 waits forever)")
                }
                if connected, clockConnected, let source = clockSource {
                    followLoop(player)
                    for line in clock.lines(for: player, source: source.description) where !quiet {
                        FileHandle.standardError.write(Data("tactus \(Self.name): \(line)\n".utf8))
                    }
                }
            }
            if player.isShutDown {
                throw .jack(.serverShutDown(server: player.serverName, reason: player.shutdownReason))
            }
            for failure in player.takeAutoConnectFailures() {
                StandardStreams.warn("tactus \(Self.name)", failure.description)
            }
            if player.startFrame == nil, player.clockInput == nil, let now = player.frameTimeNow,
               !player.connections(of: player.output).isEmpty {
                player.start(at: now + lead)
            }
            if player.isFinished, let last = player.lastEventFrame, let cycle = player.lastCycleStart, cycle >= last + tail {
                return false
            }
            player.waitForNotification(timeout: .milliseconds(10))
        }
    }

    /// Sends every event a period early while what it plays comes back to its
    /// `clock_in` through JACK's graph (playing into the session whose clock
    /// starts it): JACK delays such a loop by one period, and the notes would
    /// otherwise all arrive that much late. Says so once.
    func followLoop(_ player: JackMIDIPlayer) {
        guard let ports = try? player.portInfos() else { return }
        let loop = JackGraphLoop.returns(to: player.name, in: ports)
        let period = Int64(player.bufferSize)
        guard player.advanceFrames != (loop ? period : 0) else { return }
        player.advance(by: loop ? period : 0)
        if loop && !quiet {
            let text = "what it plays comes back to its clock input through JACK's graph, a loop JACK delays by one period "
                + "(\(period) frames); each event goes out that much early so it arrives on time"
            FileHandle.standardError.write(Data("tactus \(Self.name): \(text)\n".utf8))
        }
    }

    /// `played 96 events in 9.878 s (0 late)`; when stopped,
    /// `played 40 of 96 events in 4.102 s (0 late); stopped`.
    static func summary(_ player: JackMIDIPlayer, stopped: Bool) -> String {
        let total = player.playback.events.count
        let rate = Double(max(player.sampleRate, 1))
        var frames: Int64 = 0
        if let start = player.startFrame {
            let end = stopped ? min(player.lastCycleStart ?? start, player.lastEventFrame ?? start) : (player.lastEventFrame ?? start)
            frames = max(end - start, 0)
        }
        let count = stopped ? "\(player.played) of \(total)" : "\(player.played)"
        var notes = ["\(player.late) late"]
        if player.refused > 0 { notes.append("\(player.refused) refused by JACK") }
        let skipped = player.playback.skippedSystemExclusive
        if skipped > 0 { notes.append("\(skipped) SysEx left out") }
        let seconds = String(format: "%.3f", Double(frames) / rate)
        var line = "played \(count) event\(total == 1 ? "" : "s") in \(seconds) s (\(notes.joined(separator: ", ")))"
        if stopped {
            line += player.startFrame == nil ? "; stopped before the start" : "; stopped"
        }
        return line
    }
}
