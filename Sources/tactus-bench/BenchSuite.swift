import Foundation
import TactusCore

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
        let mode = options.quick ? "quick run" : "full run"
        var report = BenchReport(machine: MachineInfo.current(), mode: mode, versions: versions)
        if klick == nil || jackMIDIClock == nil {
            report.notes.append("Peers missing: install them with Scripts/setup; their columns read n/a.")
        }

        var renderRows: [BenchRow] = []
        if options.wants("render") {
            Console.progress("render: one hour of click, tactus and klick")
            renderRows = RenderBenchmark(
                tactus: options.tactus, klick: klick, workDirectory: work, repeats: options.quick ? 1 : 3
            ).run()
        }
        var processRows: [BenchRow] = []
        if options.wants("process") {
            Console.progress("process: Engine.process cycle costs")
            processRows = ProcessCostBenchmark(audioSeconds: options.quick ? 120 : 600).run()
            report.notes.append(
                "Engine.process: a clock read before and after each call, in this process at normal priority; "
                    + "the max includes any preemption by other processes on the machine.")
        }
        var analyzeRow: BenchRow?
        if options.wants("analyze") {
            analyzeRow = AnalyzeBenchmark(
                tactus: options.tactus, noteCount: options.quick ? 100_000 : 1_000_000, workDirectory: work
            ).run()
        }
        var onsetRows: [BenchRow] = []
        if options.wants("onsets") {
            let onsets = OnsetBenchmark(tactus: options.tactus, workDirectory: work, quick: options.quick).run()
            onsetRows = onsets.rows
            report.notes += onsets.notes
        }
        var pulseRows: [BenchRow] = []
        if options.wants("pulse") {
            let venv = ".build/bench/venv/bin/python"
            let python = options.python ?? (FileManager.default.isExecutableFile(atPath: venv) ? venv : ChildProcess.find("python3"))
            let pulse = PulseBenchmark(tactus: options.tactus, python: python, workDirectory: work, quick: options.quick).run()
            pulseRows = pulse.rows
            report.notes += pulse.notes
        }
        var historyRows: [BenchRow] = []
        if options.wants("history") {
            historyRows = HistoryBenchmark(tactus: options.tactus, workDirectory: work, quick: options.quick).run()
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

        var playerRows: [BenchRow] = []
        if options.wants("players") {
            playerRows = PlayersBenchmark(tactus: options.tactus, seconds: options.liveSeconds, workDirectory: work).run()
            report.notes.append(
                "Group sessions: tactus run with 1 and 8 players on a private dummy JACK server at 32 frames, "
                    + "each player a tactus play client; the process callback's cycles from the report's own meter.")
        }
        report.rows += renderRows
        report.rows += live.rows
        report.rows += viewRows
        report.rows += sessionRows
        report.rows += processRows
        if options.wants("live") {
            report.rows.append(LiveWorstCycle.row(reportPath: live.tactusReportPath))
        }
        report.rows += playerRows
        if let analyzeRow { report.rows.append(analyzeRow) }
        report.rows += onsetRows
        report.rows += pulseRows
        report.rows += historyRows
        if let startup = live.startupRow { report.rows.append(startup) }
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
