import Foundation
import Glibc
import TactusTestSupport

/// What the live view and an audio input cost: two `tactus run`s at 97 BPM
/// on one server, one drawing its live view on a pseudo-terminal and one
/// with `--no-ui`, each with a simulated drummer playing into it (`tactus
/// play`, hi-hat eighths and kick or snare on every beat: about 5 notes a
/// second), a third with `--no-ui` scoring an audio player (klick's click
/// into its `audio-in`, a stroke on every beat), and klick playing the same
/// tempo beside them. The CPU time of each, all threads, over the same
/// minutes of playing.
struct LiveViewBenchmark {
    let server: String
    let tactus: String
    let klick: String?
    let minutes: Double
    let workDirectory: String

    static let bpm = 97

    func run() throws -> [BenchRow] {
        let log = "\(workDirectory)/live-view.log"
        let file = "\(workDirectory)/live-view.mid"
        let environment = ["JACK_DEFAULT_SERVER": server]
        let seconds = minutes * 60
        let bars = Int(minutes * Double(Self.bpm) / 4) + 4
        try ChildProcess.simulate(tactus, bpm: Self.bpm, bars: bars, seed: 11, to: file, workDirectory: workDirectory)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let terminal = try PseudoTerminal()
        terminal.readInBackground(keeping: false)
        defer { terminal.finish() }
        func session(_ name: String, _ options: [String], terminal: PseudoTerminal? = nil) throws -> ChildProcess {
            try ChildProcess(
                tactus,
                ["run", "--bpm", "\(Self.bpm)", "--subdivision", "2", "--count-in", "1", "--duration", String(format: "%.0f", seconds),
                 "--server", server, "--name", name, "--report", "\(workDirectory)/\(name).json"] + options,
                logPath: log, environment: environment, terminal: terminal)
        }
        let viewed = try session("tactus-view", [], terminal: terminal)
        defer { viewed.stop() }
        let plain = try session("tactus-plain", ["--no-ui"])
        defer { plain.stop() }
        let audio = try session("tactus-audio", ["--no-ui", "--connect-audio", "klick-view:.*"])
        defer { audio.stop() }
        let peer = try klick.map {
            try ChildProcess($0, ["-n", "klick-view", "4/4", "\(Self.bpm)"], logPath: log, environment: environment)
        }
        defer { peer?.stop() }
        let players = try ["tactus-view", "tactus-plain"].map { name in
            try ChildProcess(
                tactus, ["play", file, "--to", "\(name):input", "--start-on-clock", "\(name):clock", "--server", server, "--quiet"],
                logPath: log, environment: environment)
        }
        defer { players.forEach { $0.stop() } }

        // Bar 1 begins after the one-bar count-in and tactus's lead; the
        // runs end `seconds` after it, so both still run a second before.
        let start = 4 * 60 / Double(Self.bpm) + 1
        let end = seconds - 1
        let began = Monotonic.nanoseconds()
        let pids = [viewed.pid, plain.pid, peer?.pid, audio.pid]
        Monotonic.sleep(until: start, since: began)
        let firstBytes = terminal.bytesRead
        let first = pids.map { $0.flatMap(ThreadCPUSplit.init(pid:)) }
        Console.progress(String(format: "live view: %.0f s with and without the live view", seconds))
        Monotonic.sleep(until: end, since: began)
        let last = pids.map { $0.flatMap(ThreadCPUSplit.init(pid:)) }
        let drawn = terminal.bytesRead - firstBytes
        _ = viewed.exited(within: .seconds(30))
        _ = plain.exited(within: .seconds(30))
        _ = audio.exited(within: .seconds(30))

        let playedMinutes = (end - start) / 60
        let used = zip(first, last).map { before, after in after?.since(before) }
        guard let withView = used[0], let withoutView = used[1] else {
            return [BenchRow(measurement: "Live view: CPU time", tactus: "n/a", note: "tactus run ended early (see \(log))")]
        }
        let klickUsed = used[2]
        let hits = ["tactus-view", "tactus-plain", "tactus-audio"].map { name in
            BenchRow.scoredHits(reportAt: "\(workDirectory)/\(name).json").map(String.init) ?? "?"
        }
        /// `split`'s CPU time per minute beside klick's.
        func row(_ title: String, _ split: ThreadCPUSplit, note: String) -> BenchRow {
            .compared(
                "\(title): CPU time (ms per minute)", tactus: split.totalMilliseconds / playedMinutes,
                peerName: "klick (same server, same time)", peer: klickUsed.map { $0.totalMilliseconds / playedMinutes },
                digits: 1,
                note: "per minute: tactus \(split.describe(per: playedMinutes))"
                    + (klickUsed.map { "; klick \($0.describe(per: playedMinutes))" } ?? "") + "; " + note)
        }
        let length = "\(BenchRow.minutes(minutes)) min at \(Self.bpm) BPM"
        let drawnPerMinute = Double(drawn) / 1024 / playedMinutes
        let drawing = String(format: "%.1f KiB a minute drawn on an 80 × 24 pseudo-terminal", drawnPerMinute)
        var rows = [
            row("Live view on, \(length) with a player", withView,
                note: "\(drawing); \(hits[0]) hits scored; from /proc/PID/task/TID/schedstat"),
            row("Live view off, \(length) with a player", withoutView,
                note: "\(hits[1]) hits scored; the same run as the row above, --no-ui"),
        ]
        if let withAudio = used[3] {
            rows.append(row(
                "Live with an audio player, \(length)", withAudio,
                note: "klick's click into tactus-audio:audio-in, \(hits[2]) strokes scored; the same run, --no-ui"))
        }
        return rows
    }
}
