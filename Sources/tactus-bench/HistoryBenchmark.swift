import Foundation
import TactusCore
import TactusTestSupport

/// Reviewing years of practice: `tactus report trend DIR` and `report html
/// DIR` on folders of generated reports, cold (no index: every report read)
/// and warm (the index from the cold run), with wall time and peak resident
/// memory (`/usr/bin/time -v`). A folder of 1,000 two-minute sessions and
/// one of 100 hour-long ones, each report a real one (a simulated drummer
/// scored as a live session scores), copied with its own date.
struct HistoryBenchmark {
    let tactus: String
    let workDirectory: String
    let quick: Bool

    func run() -> [BenchRow] {
        guard let time = ChildProcess.find("/usr/bin/time") else {
            return [BenchRow(measurement: "report history", tactus: "n/a", note: "/usr/bin/time is missing (apt-get install time)")]
        }
        var rows: [BenchRow] = []
        let folders = [(sessions: quick ? 100 : 1_000, minutes: 2.0), (sessions: quick ? 10 : 100, minutes: 60.0)]
        for folder in folders {
            let directory = "\(workDirectory)/history-\(folder.sessions)x\(Int(folder.minutes))"
            Console.progress("history: writing \(folder.sessions) reports of \(Int(folder.minutes)) min")
            guard let bytes = write(folder.sessions, minutes: folder.minutes, into: directory) else {
                rows.append(BenchRow(measurement: "report history", tactus: "n/a", note: "could not write the reports into \(directory)"))
                continue
            }
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let label = "\(folder.sessions.formatted(.number.grouping(.automatic))) sessions of \(Int(folder.minutes)) min "
                + "(\(String(format: "%.0f", Double(bytes) / 1_048_576)) MiB)"
            let page = "\(workDirectory)/history.html"
            for (command, arguments, target) in [
                ("report trend", ["report", "trend", directory], "target warm < 1 s"),
                ("report html", ["report", "html", directory, "--out", page], "target warm < 2 s"),
            ] {
                try? FileManager.default.removeItem(atPath: "\(directory)/\(ReportIndex.fileName)")
                Console.progress("history: \(command), \(label), cold and warm")
                let log = "\(workDirectory)/history.log"
                let measure = {
                    ChildProcess.timed(time, [tactus] + arguments, log: log, timeout: 1_800) { _ in
                        "tactus \(command) failed; see \(log)"
                    }
                }
                let (cold, warm) = (measure(), measure())
                func mebibytes(_ kibibytes: Double?) -> String { BenchRow.format(kibibytes.map { $0 / 1024 }, digits: 0) }
                rows.append(BenchRow(
                    measurement: "\(command), \(label): cold / warm s, peak RSS MiB",
                    tactus: "\(BenchRow.format(cold.seconds, digits: 2)) / \(BenchRow.format(warm.seconds, digits: 2)) s, "
                        + "\(mebibytes(cold.rssKiB)) / \(mebibytes(warm.rssKiB)) MiB",
                    note: "\(target), memory < 100 MiB" + ((cold.problem ?? warm.problem).map { "; \($0)" } ?? "")))
            }
            try? FileManager.default.removeItem(atPath: page)
        }
        return rows
    }

    /// Writes `count` copies of one report of `minutes` of playing, each with
    /// its own date (a session a day); returns the bytes written.
    func write(_ count: Int, minutes: Double, into directory: String) -> Int? {
        try? FileManager.default.removeItem(atPath: directory)
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil,
              let text = try? Self.report(minutes: minutes).jsonText()
        else { return nil }
        guard let range = text.range(of: "\"2026-01-01T18:00:00Z\"") else { return nil }
        var total = 0
        for day in 0..<count {
            let date = CalendarDay(daysSinceEpoch: 20_454 - count + day)   // the last `count` days up to 2026-01-01
            let copy = text.replacingCharacters(in: range, with: "\"\(date)T18:00:00Z\"")
            let data = Data(copy.utf8)
            guard FileManager.default.createFile(atPath: "\(directory)/\(date)T18-00-00Z.json", contents: data) else { return nil }
            total += data.count
        }
        return total
    }

    /// A session of `minutes` at 97 BPM, eighths on the hi-hat with the kick
    /// and snare, scored as a live session scores it.
    static func report(minutes: Double) throws -> PracticeReport {
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), subdivision: 2)
        let timeline = try Timeline(spec: spec)
        let scoring = ScoringSettings(subdivision: 2)
        var scorer = try Scorer(grid: timeline, settings: scoring)
        let bars = Int((minutes * 97 / 4).rounded())
        for note in SimulatedPlayer(driftMsPerMinute: 0).perform(on: timeline, bars: 1...bars) {
            _ = scorer.advance(to: note.frame)
            _ = scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel)))
        }
        _ = scorer.finish(at: timeline.frame(ofBar: bars + 1))
        return scorer.report(
            createdAt: "2026-01-01T18:00:00Z", source: ReportSource(kind: .live, detail: "tactus-bench"),
            settings: ReportSettings(spec: spec, scoring: scoring))
    }
}
