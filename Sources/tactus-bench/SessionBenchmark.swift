import Foundation
import Glibc
import TactusTestSupport

/// A long session at 20 hits a second: `tactus simulate` writes a drummer
/// at 400 BPM (hi-hat eighths, kick or snare on every beat: three notes a
/// beat), `tactus play` plays it into `tactus run`, and the CPU time of
/// tactus's threads in the first minutes of playing is set against the same
/// stretch at the end. A control side whose cost per hit grows with the
/// session shows as a ratio above 1. klick plays the same tempo on the same
/// server throughout, as a yardstick for how the machine's load moved.
struct SessionBenchmark {
    let server: String
    let tactus: String
    let klick: String?
    /// Minutes of playing.
    let minutes: Double
    let workDirectory: String

    static let bpm = 400
    static let countInBars = 8
    static let hitsPerSecond = 20

    /// Minutes compared at each end: 5, or a quarter of a shorter session.
    var windowMinutes: Double { min(5, minutes / 4) }

    func run() throws -> [BenchRow] {
        let file = "\(workDirectory)/session.mid"
        let report = "\(workDirectory)/session-report.json"
        let log = "\(workDirectory)/session.log"
        let environment = ["JACK_DEFAULT_SERVER": server]
        let seconds = minutes * 60
        let bars = Int(minutes * Double(Self.bpm) / 4) + 16
        try ChildProcess.simulate(tactus, bpm: Self.bpm, bars: bars, seed: 7, to: file, workDirectory: workDirectory)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try? FileManager.default.removeItem(atPath: report)

        let run = try ChildProcess(
            tactus,
            ["run", "--bpm", "\(Self.bpm)", "--subdivision", "2", "--no-ui", "--count-in", "\(Self.countInBars)",
             "--duration", String(format: "%.0f", seconds), "--server", server, "--name", "tactus-session", "--report", report],
            logPath: log, environment: environment)
        defer { run.stop() }
        let peer = try klick.map {
            try ChildProcess($0, ["-n", "klick-session", "\(4)/4", "\(Self.bpm)"], logPath: log, environment: environment)
        }
        defer { peer?.stop() }
        let player = try ChildProcess(
            tactus, ["play", file, "--to", "tactus-session:input", "--start-on-clock", "tactus-session:clock", "--server", server, "--quiet"],
            logPath: log, environment: environment)
        defer { player.stop() }

        // Bar 1 begins after the count-in (plus tactus's lead of 250 ms).
        let countIn = Double(Self.countInBars * 4 * 60) / Double(Self.bpm) + 0.5
        let window = windowMinutes * 60
        // The run ends `seconds` after bar 1, so it still runs at the last sample.
        let ends = [countIn, countIn + window, seconds - window, seconds]
        var samples: [(tactus: ThreadCPUSplit?, klick: ThreadCPUSplit?)] = []
        let began = Monotonic.nanoseconds()
        for (index, at) in ends.enumerated() {
            Monotonic.sleep(until: at, since: began)
            if index == 1 || index == 3 {
                Console.progress(String(format: "session: %.0f of %.0f s", at, seconds))
            }
            samples.append((ThreadCPUSplit(pid: run.pid), peer.flatMap { ThreadCPUSplit(pid: $0.pid) }))
        }
        _ = run.exited(within: .seconds(60))
        let hits = BenchRow.scoredHits(reportAt: report)

        let title = "Session \(Int(minutes)) min at \(Self.hitsPerSecond) hits/s: CPU time of the last \(BenchRow.minutes(windowMinutes)) min ÷ the first"
        guard let firstTactus = samples[1].tactus?.since(samples[0].tactus),
              let lastTactus = samples[3].tactus?.since(samples[2].tactus)
        else {
            return [BenchRow(measurement: title, tactus: "n/a", note: "tactus run ended early (see \(log))")]
        }
        let firstKlick = samples[1].klick?.since(samples[0].klick)
        let lastKlick = samples[3].klick?.since(samples[2].klick)
        let growth = lastTactus.totalMilliseconds / max(firstTactus.totalMilliseconds, 0.001)
        let peerGrowth = firstKlick.flatMap { first in lastKlick.map { $0.totalMilliseconds / max(first.totalMilliseconds, 0.001) } }
        var note = "tactus first \(firstTactus.describe()), last \(lastTactus.describe())"
        if let firstKlick, let lastKlick {
            note += "; klick first \(firstKlick.describe()), last \(lastKlick.describe())"
        }
        note += "; \(hits.map(String.init) ?? "?") hits scored; ratio column: tactus's growth over klick's"
        var rows = [BenchRow.compared(title, tactus: growth, peerName: "klick (same server, same time)", peer: peerGrowth, digits: 2, note: note)]
        if let whole = samples[3].tactus?.since(samples[0].tactus) {
            let wholeKlick = samples[3].klick?.since(samples[0].klick)
            let playedMinutes = (ends[3] - ends[0]) / 60
            rows.append(.compared(
                "Session \(Int(minutes)) min at \(Self.hitsPerSecond) hits/s: CPU time (ms per minute of playing)",
                tactus: whole.totalMilliseconds / playedMinutes, peerName: "klick (plays, scores nothing)",
                peer: wholeKlick.map { $0.totalMilliseconds / playedMinutes }, digits: 1,
                note: "per minute: tactus \(whole.describe(per: playedMinutes))"
                    + (wholeKlick.map { "; klick \($0.describe(per: playedMinutes))" } ?? "")
                    + "; from /proc/PID/task/TID/schedstat"))
        }
        return rows
    }
}
