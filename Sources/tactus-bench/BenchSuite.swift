import Foundation
import TactusCore
import TactusTestSupport

/// Runs every measurement in turn (the live one last, alone on the CPU
/// except for its players) and assembles the one results table.
struct BenchSuite {
    let options: BenchOptions

    func run() throws -> BenchReport {
        try FileManager.default.createDirectory(atPath: options.workDirectory, withIntermediateDirectories: true)
        guard FileManager.default.isExecutableFile(atPath: options.tactus) else {
            throw BenchError("\(options.tactus): no tactus executable; build it with 'swift build -c release'")
        }
        let work = options.workDirectory
        let klick = ChildProcess.find("klick")
        let jackMIDIClock = ChildProcess.find("jack_midi_clock")
        var versions = [
            "tactus " + (ChildProcess.output(options.tactus, ["--version"], workDirectory: work)?.text
                .replacingOccurrences(of: "tactus ", with: "").trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"),
        ]
        for (package, name) in [("klick", "klick"), ("jack-midi-clock", "jack_midi_clock"), ("jackd2", "jackd2"), ("aubio-tools", "aubioonset")] {
            versions.append("\(name) " + (ChildProcess.packageVersion(package, workDirectory: work) ?? "not installed"))
        }
        var report = BenchReport(machine: .current(), mode: options.quick ? "quick run" : "full run", versions: versions)
        if klick == nil || jackMIDIClock == nil {
            report.notes.append("Peers missing: install them with Scripts/setup; their columns read n/a.")
        }

        /// `measure`'s rows when `name` is wanted, else none.
        func section(_ name: String, _ measure: () -> [BenchRow]) -> [BenchRow] {
            options.wants(name) ? measure() : []
        }
        let renderRows = section("render") {
            Console.progress("render: one hour of click, tactus and klick")
            return RenderBenchmark(
                tactus: options.tactus, klick: klick, workDirectory: work, repeats: options.quick ? 1 : 3
            ).run()
        }
        let processRows = section("process") {
            Console.progress("process: Engine.process cycle costs")
            report.notes.append(
                "Engine.process: a clock read before and after each call, in this process at normal priority; "
                    + "the max includes any preemption by other processes on the machine.")
            return ProcessCostBenchmark(audioSeconds: options.quick ? 120 : 600).run()
        }
        let analyzeRows = section("analyze") {
            [AnalyzeBenchmark(
                tactus: options.tactus, noteCount: options.quick ? 100_000 : 1_000_000, workDirectory: work
            ).run()]
        }
        let onsetRows = section("onsets") {
            let onsets = OnsetBenchmark(tactus: options.tactus, workDirectory: work, quick: options.quick).run()
            report.notes += onsets.notes
            return onsets.rows
        }
        let pulseRows = section("pulse") {
            let venv = ".build/bench/venv/bin/python"
            let python = options.python ?? (FileManager.default.isExecutableFile(atPath: venv) ? venv : ChildProcess.find("python3"))
            let pulse = PulseBenchmark(tactus: options.tactus, python: python, workDirectory: work, quick: options.quick).run()
            report.notes += pulse.notes
            return pulse.rows
        }
        let historyRows = section("history") {
            HistoryBenchmark(tactus: options.tactus, workDirectory: work, quick: options.quick).run()
        }
        var liveNotes: [String] = []
        var live = onServer("live", named: "Live", progress: "live: \(Int(options.liveSeconds)) s", notes: &liveNotes) { server in
            let runs = ChildProcess.output(options.tactus, ["run", "--help"], workDirectory: work)?.status == 0
            return try LiveBenchmark(
                server: server, tactus: options.tactus, tactusRuns: runs, klick: klick, jackMIDIClock: jackMIDIClock,
                seconds: options.liveSeconds, workDirectory: work
            ).run()
        } ?? LiveBenchmark.Outcome()
        live.notes += liveNotes

        let viewRows = onServer(
            "view", named: "Live view", progress: "live view: \(Int(options.viewMinutes)) min with and without it", notes: &report.notes
        ) { server in
            try LiveViewBenchmark(
                server: server, tactus: options.tactus, klick: klick, minutes: options.viewMinutes, workDirectory: work
            ).run()
        } ?? []

        let sessionRows = onServer(
            "session", named: "Session", progress: "session: \(Int(options.sessionLength)) min at 20 hits/s", notes: &report.notes
        ) { server in
            try SessionBenchmark(
                server: server, tactus: options.tactus, klick: klick, minutes: options.sessionLength, workDirectory: work
            ).run()
        } ?? []

        let playerRows = section("players") {
            report.notes.append(
                "Group sessions: tactus run with 1 and 8 players on a private dummy JACK server at 32 frames, "
                    + "each player a tactus play client; the process callback's cycles from the report's own meter.")
            return PlayersBenchmark(tactus: options.tactus, seconds: options.liveSeconds, workDirectory: work).run()
        }
        let worstCycleRows = section("live") { [LiveBenchmark.worstCycleRow(reportPath: live.tactusReportPath)] }
        report.rows += [
            renderRows, live.rows, viewRows, sessionRows, processRows, worstCycleRows, playerRows, analyzeRows,
            onsetRows, pulseRows, historyRows, live.startupRow.map { [$0] } ?? [],
        ].joined()
        report.notes += live.notes
        return report
    }

    /// A section that plays on the JACK server given with --server: nil when
    /// it is not wanted, and nil with a note in `notes` when there is no
    /// server or the measurement failed.
    private func onServer<Result>(
        _ section: String, named name: String, progress: String, notes: inout [String], _ measure: (String) throws -> Result
    ) -> Result? {
        guard options.wants(section) else { return nil }
        guard let server = options.server else {
            notes.append("\(name) rows skipped: no --server (Scripts/bench starts a dummy JACK server).")
            return nil
        }
        Console.progress("\(progress) on JACK server \(server)")
        do {
            return try measure(server)
        } catch {
            notes.append("\(name) rows failed: \(error)")
            return nil
        }
    }
}
