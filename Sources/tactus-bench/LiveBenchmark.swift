import Foundation
import Glibc
import TactusCore
import TactusJack
import TactusTestSupport

/// The live measurements on a private dummy JACK server: tactus, klick and
/// jack_midi_clock play into a recorder inside this process at the same
/// time, for the same stretch of audio. The recorder stamps every click
/// onset and clock tick with its absolute frame; the errors are taken
/// against the ideal 97 BPM grid in Double. CPU time comes from /proc,
/// startup time from the frame at launch to the first recorded click.
struct LiveBenchmark {
    let server: String
    let tactus: String
    /// Whether this tactus has the `run` command.
    let tactusRuns: Bool
    let klick: String?
    let jackMIDIClock: String?
    let seconds: Double
    let workDirectory: String

    static let recorderName = "tactus-bench"
    static let sampleRate = 48_000.0
    static let bpm = 97.0
    static var beatPeriod: Double { 60 * sampleRate / bpm }
    /// `tactus run`'s default time from start-up to the first click.
    static let leadMilliseconds = 250

    /// What a run produced, for the table and the other rows that need it.
    struct Outcome {
        var rows: [BenchRow] = []
        var startupRow: BenchRow?
        var tactusReportPath: String?
        var notes: [String] = []
    }

    /// One program playing into the recorder.
    struct Player {
        let child: ChildProcess
        /// Minutes of audio it was asked to play; nil: as long as it ran.
        var playedMinutes: Double?

        var audioMinutes: Double { playedMinutes ?? child.elapsedSeconds / 60 }

        /// CPU milliseconds per minute of audio.
        var cpuPerMinute: Double? {
            guard let cpu = child.cpuMilliseconds, audioMinutes > 0 else { return nil }
            return cpu / audioMinutes
        }
    }

    func run() throws -> Outcome {
        JackMessages.silence()
        let capacity = Int(seconds * 60) + 10_000
        let recorder = try BenchRecorder(
            server: server, name: Self.recorderName,
            tracks: [
                ("tactus_click", true), ("tactus_clock", false), ("klick_click", true), ("peer_clock", false),
                ("klick_start", true),
            ],
            capacity: capacity, minimumSilence: RenderBenchmark.onsetSilence)
        let environment = ["JACK_DEFAULT_SERVER": server]
        let log = "\(workDirectory)/live.log"
        var outcome = Outcome()

        // klick's startup, alone: plain klick plays as soon as it runs.
        var klickStartup: Int64?
        if let klick {
            let launch = recorder.frameNow
            let child = try ChildProcess(
                klick, ["-n", "klick-start", "-p", recorder.portName("klick_start"), "4/4", "97"],
                logPath: log, environment: environment)
            klickStartup = recorder.waitForFirst("klick_start", timeout: 10).map { $0 - launch }
            if klickStartup == nil {
                outcome.notes.append("klick played no click within 10 s (see \(log))")
            }
            child.stop()
        }

        // jack_midi_clock follows the transport; klick -T is the timebase
        // master and plays once the transport rolls, which the recorder starts.
        let clockPlayer = try jackMIDIClock.map {
            Player(child: try ChildProcess($0, [recorder.portName("peer_clock")], logPath: log, environment: environment))
        }
        defer { clockPlayer?.child.stop() }
        let klickPlayer = try klick.map {
            Player(child: try ChildProcess(
                $0, ["-n", "klick", "-T", "-p", recorder.portName("klick_click"), "4/4", "97"],
                logPath: log, environment: environment))
        }
        defer { klickPlayer?.child.stop() }
        if klickPlayer != nil, !recorder.waitForConnection("klick_click", timeout: 10) {
            throw BenchError("klick -T did not connect to \(recorder.portName("klick_click")) within 10 s (see \(log))")
        }
        if klick != nil || jackMIDIClock != nil {
            usleep(200_000)
            try recorder.rollTransport()
        }

        var tactusPlayer: Player?
        var tactusStartup: Int64?
        /// Per-thread CPU time of the three programs while tactus played.
        var splits: [String: ThreadCPUSplit] = [:]
        if tactusRuns {
            usleep(1_000_000)
            let report = "\(workDirectory)/live-report.json"
            try? FileManager.default.removeItem(atPath: report)
            let launch = recorder.frameNow
            let child = try ChildProcess(
                tactus,
                ["run", "--bpm", "97", "--no-ui", "--duration", String(format: "%.0f", seconds), "--server", server,
                 "--connect-click", recorder.portName("tactus_click"), "--connect-clock", recorder.portName("tactus_clock"),
                 "--report", report],
                logPath: log, environment: environment)
            tactusPlayer = Player(child: child, playedMinutes: seconds / 60)
            tactusStartup = recorder.waitForFirst("tactus_click", timeout: 10).map { $0 - launch }
            if tactusStartup == nil {
                outcome.notes.append("tactus run played no click within 10 s (see \(log))")
            }
            let programs = [("tactus", child.pid), ("klick", klickPlayer?.child.pid), ("jack_midi_clock", clockPlayer?.child.pid)]
            let before = programs.compactMap { name, pid in pid.flatMap(ThreadCPUSplit.init(pid:)).map { (name, $0) } }
            let splitSeconds = max(seconds - 1, 1)
            _ = child.exited(within: .seconds(splitSeconds))
            for (name, start) in before {
                if let end = ThreadCPUSplit(pid: start.pid) { splits[name] = end.since(start) }
            }
            if child.exitedThenStop(within: .seconds(seconds + 60)) {
                outcome.tactusReportPath = report
                if child.exitStatus != 0 {
                    outcome.notes.append("tactus run exited with status \(child.exitStatus ?? -1) (see \(log))")
                }
            } else {
                outcome.notes.append("tactus run did not end \(Int(seconds + 60)) s after launch; stopped")
            }
        } else {
            Console.progress("live: klick and jack_midi_clock for \(Int(seconds)) s")
            usleep(UInt32(seconds * 1_000_000))
        }
        for player in [klickPlayer, clockPlayer].compactMap({ $0 }) { player.child.stop() }
        let xruns = recorder.xrunCount

        writeRaw(recorder)

        // Accuracy.
        let period = Self.beatPeriod
        let cycle = recorder.bufferSize
        let tactusClicks = recorder.entries("tactus_click").map(\.frame)
        let tactusTicks = recorder.entries("tactus_clock").filter { $0.status == 0xF8 }.map(\.frame)
        let klickClicks = recorder.entries("klick_click").map(\.frame)
        let peerTicks = recorder.entries("peer_clock").filter { $0.status == 0xF8 }.map(\.frame)
        let tactusClickError = tactusClicks.first.map { GridError(frames: tactusClicks, anchor: $0, period: period, cycle: cycle) }
        let klickClickError = klickClicks.first.map { GridError(frames: klickClicks, anchor: $0, period: period, cycle: cycle) }
        let tactusTickError = tactusClicks.first.flatMap { anchor in
            tactusTicks.isEmpty ? nil : GridError(frames: tactusTicks, anchor: anchor, period: period / 24, cycle: cycle)
        }
        let peerTickError = peerTicks.first.map { GridError(frames: peerTicks, anchor: $0, period: period / 24, cycle: cycle) }

        let duration = "\(Int(seconds)) s"
        var clickNotes: [String] = []
        if let tactusClickError { clickNotes.append("tactus " + tactusClickError.describe("clicks")) }
        if let klickClickError { clickNotes.append("klick " + klickClickError.describe("clicks")) }
        outcome.rows.append(.compared(
            "Live \(duration): max |click onset − ideal 97 BPM grid| (frames), disturbed clicks aside",
            tactus: tactusClickError?.maxAbs, peerName: "klick", peer: klickClickError?.maxAbs, digits: 2,
            note: (clickNotes + (tactusRuns ? [] : ["tactus run not available yet"])).joined(separator: "; ")))

        var tickNotes: [String] = []
        if let tactusTickError { tickNotes.append("tactus " + tactusTickError.describe("ticks") + ", grid from its first downbeat") }
        if let peerTickError {
            var note = "jack_midi_clock " + peerTickError.describe("ticks") + ", grid from its first tick"
            if let tick = peerTicks.first, let beat = klickClicks.first {
                note += String(format: ", first tick %+.0f frames from klick's first click", Double(tick - beat))
            }
            tickNotes.append(note)
        }
        outcome.rows.append(.compared(
            "Live \(duration): max |MIDI clock tick − ideal grid (24/quarter)| (frames), disturbed ticks aside",
            tactus: tactusTickError?.maxAbs, peerName: "jack_midi_clock (klick -T master)", peer: peerTickError?.maxAbs,
            digits: 2, note: tickNotes.joined(separator: "; ")))

        let disturbedNote = "missing, or stamped whole cycles off, or seen only from a cycle start: "
            + "what late and skipped cycles did to each program's output on the way to the recorder"
        outcome.rows.append(.compared(
            "Live \(duration): clicks lost or disturbed by late/skipped cycles", tactus: (tactusClickError?.disturbed).map(Double.init),
            peerName: "klick", peer: (klickClickError?.disturbed).map(Double.init), digits: 0, note: disturbedNote))
        outcome.rows.append(.compared(
            "Live \(duration): clock ticks lost or disturbed by late/skipped cycles", tactus: (tactusTickError?.disturbed).map(Double.init),
            peerName: "jack_midi_clock", peer: (peerTickError?.disturbed).map(Double.init), digits: 0,
            note: "of about \(Int(seconds * Self.bpm / 60 * 24)) ticks each"))

        // CPU.
        let tactusCPU = tactusPlayer?.cpuPerMinute
        let klickCPU = klickPlayer?.cpuPerMinute
        let clockCPU = clockPlayer?.cpuPerMinute
        var cpuNote = "utime+stime from /proc/PID/stat (\(Int(1000 / ChildProcess.ticksPerSecond)) ms ticks) per minute of audio"
        let splitMinutes = (seconds - 1) / 60
        let splitText = ["tactus", "klick", "jack_midi_clock"].compactMap { name in
            splits[name].map { "\(name) \($0.describe(per: splitMinutes))" }
        }
        if !splitText.isEmpty {
            cpuNote += "; per thread, ms per minute (schedstat, while tactus played): " + splitText.joined(separator: "; ")
        }
        outcome.rows.append(.compared(
            "Live CPU time (ms per minute of audio)", tactus: tactusCPU, peerName: "klick", peer: klickCPU, digits: 1,
            note: cpuNote + (klickPlayer == nil ? "" : "; klick is also transport/timebase master")))
        outcome.rows.append(.compared(
            "Live CPU time (ms per minute of audio)", tactus: tactusCPU, peerName: "jack_midi_clock", peer: clockCPU, digits: 1,
            note: "tactus plays click and clock; jack_midi_clock only the clock"))

        let tactusMilliseconds = tactusStartup.map { Double($0) * 1000 / Self.sampleRate }
        let klickMilliseconds = klickStartup.map { Double($0) * 1000 / Self.sampleRate }
        let ready = tactusMilliseconds.map { String(format: "%.1f", $0 - Double(Self.leadMilliseconds)) } ?? "n/a"
        outcome.startupRow = .compared(
            "Startup: launch to first click recorded (ms)", tactus: tactusMilliseconds, peerName: "klick",
            peer: klickMilliseconds, digits: 1,
            note: "connecting included; tactus places its first click --lead-ms (250 by default) after it is up, "
                + "so it was up after \(ready) ms; klick plays at once")
        let dropped = recorder.dropped
        outcome.notes.append(
            "Live runs: private dummy server \(server) (48 kHz, 64 frames, not realtime-scheduled); \(xruns) xrun\(xruns == 1 ? "" : "s") "
                + "seen by the recorder\(dropped > 0 ? ", \(dropped) entries dropped" : "").")
        return outcome
    }

    /// The live worst-case process cycle, as tactus itself measured it on the
    /// JACK thread: wall time, and the thread's CPU time, which leaves out any
    /// preemption (see ThreadCPUClock for what it still counts).
    static func worstCycleRow(reportPath: String?) -> BenchRow {
        let title = "Live worst process cycle (µs, tactus' own meter)"
        guard let reportPath, let data = FileManager.default.contents(atPath: reportPath),
              let report = try? PracticeReport.decode(data, file: reportPath)
        else {
            return BenchRow(measurement: title, tactus: "n/a", note: "no report from a live tactus run")
        }
        let xruns = report.events.filter { $0.kind == .xrun }.count
        let seen = "\(xruns) xrun\(xruns == 1 ? "" : "s") in the run"
        guard let cost = report.source.processCycle else {
            return BenchRow(measurement: title, tactus: "n/a", note: "the report has no cycle meter; " + seen)
        }
        let cpu = cost.worstCPUMicroseconds.map { "CPU \($0)" } ?? "CPU n/a"
        let timed = cost.cpuTimedCycles.map { " of \($0) timed on the CPU clock" } ?? ""
        let over = cost.cyclesOverPeriodCPU.map { ", \($0) cycles' work over a period\(timed)" } ?? ""
        return BenchRow(
            measurement: title, tactus: "wall \(cost.worstMicroseconds) / \(cpu)",
            note: "from the live run's report; \(cost.cycles) cycles\(over); " + seen)
    }

    /// Every recorded entry, for checking the numbers by hand: `track frame status`.
    func writeRaw(_ recorder: BenchRecorder) {
        var text = "# track frame status\n"
        for track in recorder.trackNames {
            for entry in recorder.entries(track) {
                text += "\(track) \(entry.frame) \(entry.status)\n"
            }
        }
        try? text.write(toFile: "\(workDirectory)/live-frames.txt", atomically: true, encoding: .utf8)
    }
}
