import Foundation
import Testing
import TactusCore
import TactusTestSupport

@Suite struct ReportCommandTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    static func badInput(_ line: String) -> Result {
        Result(exitCode: 4, stdout: "", stderr: line + "\n")
    }

    static func read(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The report as `tactus` reads it back from its file.
    static func decoded(_ name: String, in directory: URL) throws -> PracticeReport {
        try PracticeReport.decode(Data(contentsOf: directory.appendingPathComponent(name)), file: name)
    }

    /// This machine's offset from UTC, as tactus counts days.
    static func localOffset(_ seconds: Double) -> Int {
        TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }

    /// A directory with two sessions of "Groove 1" and one without a preset.
    static func sessions() throws -> URL {
        let directory = try TactusBinary.scratchFolder()
        try SampleReports.write(try SampleReports.report(seed: 1, createdAt: "2026-03-01T18:00:00+01:00"), as: "monday.json", in: directory)
        try SampleReports.write(try SampleReports.report(seed: 2, createdAt: "2026-03-02T19:30:00+01:00", preset: nil, bars: 8), as: "tuesday.json", in: directory)
        try SampleReports.write(try SampleReports.report(seed: 3, createdAt: "2026-03-04T07:15:00+01:00", bars: 24), as: "thursday.json", in: directory)
        return directory
    }

    @Test func reportHelpListsTheSubcommands() throws {
        let expected = """
            OVERVIEW: Review practice reports: show, compare, trend, csv, recover, html.

            USAGE: tactus report <subcommand> [options]

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              show     Show a report: headline numbers, beats, worst bars and advice.
              compare  Compare two reports metric by metric.
              trend    Sessions over time, totals per day and preset, and the practice streak.
              csv      Every hit of a report as CSV, for spreadsheets and plots.
              recover  Rebuild the report of an interrupted session from its journal.
              html     Write a self-contained HTML page with charts for a report or a directory of them.

            See 'tactus report <subcommand> --help' for a subcommand's options.

            """
        #expect(try TactusBinary.run(["report", "--help"]) == Result(exitCode: 0, stdout: expected, stderr: ""))
        #expect(try TactusBinary.run(["help", "report"]).stdout == expected)
        #expect(try TactusBinary.run(["report", "help"]).stdout == expected)
        #expect(try TactusBinary.run(["report"]) == Self.usageError(
            "tactus report: missing subcommand (show, compare, trend, csv, recover, html); see 'tactus report --help'"))
        #expect(try TactusBinary.run(["report", "shwo", "a.json"]) == Self.usageError(
            "tactus report: unknown subcommand 'shwo' (did you mean 'show'?); see 'tactus report --help'"))
        #expect(try TactusBinary.run(["report", "--json"]) == Self.usageError(
            "tactus report: unknown option '--json'; give a subcommand first, see 'tactus report --help'"))
    }

    @Test func everySubcommandHasHelp() throws {
        for word in ["show", "compare", "trend", "csv", "recover", "html"] {
            let help = try TactusBinary.run(["report", word, "--help"])
            #expect(help.exitCode == 0)
            #expect(help.stderr == "")
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
            #expect(help.stdout.contains("\nUSAGE: tactus report \(word) "))
            #expect(help.stdout.contains("  -h, --help              Show help information.\n"))
            #expect(try TactusBinary.run(["report", "help", word]) == help)
        }
        #expect(try TactusBinary.run(["report", "trend", "--help"]).stdout == """
            OVERVIEW: Sessions over time, totals per day and preset, and the practice streak.

            USAGE: tactus report trend DIR [--since 7d|30d|DATE]

            OPTIONS:
              --since 7d|30d|DATE     Only sessions from the last N days (today included) or from DATE on.
              -h, --help              Show help information.

            Reads every *.json report in DIR (not its subfolders); other JSON files are
            skipped with a warning. Sessions count on the day they were played, on this
            machine's clock. What it reads of each report is kept in DIR/.tactus-index,
            so a report already read is not opened again until it changes.
            Example: tactus report trend ~/.local/share/tactus/sessions --since 30d

            """)
    }

    @Test func showPrintsTheReportText() throws {
        let directory = try Self.sessions()
        let result = try TactusBinary.run(["report", "show", "monday.json"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: ReportSummaryText.show(try Self.decoded("monday.json", in: directory)), stderr: ""))
        #expect(result.stdout.hasPrefix("session 2026-03-01T18:00:00+01:00 (live, server default, client tactus), preset Groove 1\n97 BPM 4/4, subdivision 2,"))
    }

    @Test func badReportsNameTheFileAndWhatIsWrong() throws {
        let directory = try Self.sessions()
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        try write("hello\n", "notes.json")
        try write("", "empty.json")
        try write(#"{"schema": "tactus.report/1"}"#, "partial.json")
        try write(#"{"schema": "tactus.report/2"}"#, "future.json")
        let monday = try Self.read("monday.json", in: directory)
        let offset = try #require(monday.range(of: "\"offsetMs\" : "))
        try write(monday.replacingCharacters(in: offset, with: "\"offsetMs\" : \"late\", \"was\" : "), "typed.json")
        try write(String(monday.prefix(500)), "cut.json")

        let cases: [(String, String)] = [
            ("missing.json", "missing.json: cannot read the report: No such file or directory"),
            ("notes.json", "notes.json: not a tactus report: line 1, column 1: expected a value, found 'h'"),
            ("empty.json", "empty.json: not a tactus report: line 1, column 1: the file is empty; expected a JSON object"),
            ("partial.json", "partial.json: tactusVersion: missing"),
            ("future.json", "future.json: schema: is \"tactus.report/2\"; this tactus reads \"tactus.report/1\""),
            ("typed.json", "typed.json: hits[0].offsetMs: expected a number, found a string"),
        ]
        for (name, message) in cases {
            #expect(try TactusBinary.run(["report", "show", name], in: directory) == Self.badInput("tactus report show: \(message)"))
        }
        let cut = try TactusBinary.run(["report", "show", "cut.json"], in: directory)
        #expect(cut.exitCode == 4)
        #expect(cut.stderr.hasPrefix("tactus report show: cut.json: not a tactus report: line "))
        #expect(cut.stderr.split(separator: "\n").count == 1)
        #expect(try TactusBinary.run(["report", "compare", "monday.json", "typed.json"], in: directory)
            == Self.badInput("tactus report compare: typed.json: hits[0].offsetMs: expected a number, found a string"))
        #expect(try TactusBinary.run(["report", "csv", "partial.json"], in: directory)
            == Self.badInput("tactus report csv: partial.json: tactusVersion: missing"))
        #expect(try TactusBinary.run(["report", "html", "future.json", "--out", "x.html"], in: directory)
            == Self.badInput("tactus report html: future.json: schema: is \"tactus.report/2\"; this tactus reads \"tactus.report/1\""))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.html").path))
    }

    @Test func usageErrors() throws {
        #expect(try TactusBinary.run(["report", "show"]) == Self.usageError("tactus report show: missing FILE; give the report to show"))
        #expect(try TactusBinary.run(["report", "show", "a.json", "b.json"]) == Self.usageError("tactus report show: unexpected argument 'b.json'"))
        #expect(try TactusBinary.run(["report", "show", "--out", "x", "a.json"]) == Self.usageError("tactus report show: unknown option '--out'"))
        #expect(try TactusBinary.run(["report", "compare", "a.json"]) == Self.usageError("tactus report compare: missing B; give a second report to compare with a.json"))
        #expect(try TactusBinary.run(["report", "compare"]) == Self.usageError("tactus report compare: missing A and B; give the two reports to compare"))
        #expect(try TactusBinary.run(["report", "trend"]) == Self.usageError("tactus report trend: missing DIR; give the directory of reports"))
        #expect(try TactusBinary.run(["report", "trend", "d", "--since", "7w"]) == Self.usageError(
            "tactus report trend: --since: expected a number of days like 7d or 30d, or a date YYYY-MM-DD, got '7w'"))
        #expect(try TactusBinary.run(["report", "trend", "d", "--since"]) == Self.usageError("tactus report trend: --since: missing value (7d|30d|DATE)"))
        #expect(try TactusBinary.run(["report", "csv", "a.json", "--outt", "x.csv"]) == Self.usageError("tactus report csv: unknown option '--outt' (did you mean '--out'?)"))
        #expect(try TactusBinary.run(["report", "recover"]) == Self.usageError("tactus report recover: missing JOURNAL; give the session journal to recover"))
        #expect(try TactusBinary.run(["report", "html", "a.json"]) == Self.usageError("tactus report html: --out: missing; give the HTML file to write"))
        #expect(try TactusBinary.run(["report", "html", "--out", "x.html"]) == Self.usageError("tactus report html: missing FILE or DIR; give a report or a directory of reports"))
    }

    @Test func compareUsesTheFileNames() throws {
        let directory = try Self.sessions()
        let result = try TactusBinary.run(["report", "compare", "monday.json", "thursday.json"], in: directory)
        let expected = ReportSummaryText.compare(
            try Self.decoded("monday.json", in: directory), try Self.decoded("thursday.json", in: directory), labels: ("monday.json", "thursday.json"))
        #expect(result == Result(exitCode: 0, stdout: expected, stderr: ""))
        #expect(result.stdout.hasPrefix("monday.json: 2026-03-01T18:00:00+01:00, 97 BPM 4/4, preset Groove 1, 39.6 s\n"))
    }

    @Test func trendReadsEveryReportInTheDirectory() throws {
        let directory = try Self.sessions()
        try Data("{\"bpm\": 90}".utf8).write(to: directory.appendingPathComponent("drill.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("old.json"), withIntermediateDirectories: false)
        let result = try TactusBinary.run(["report", "trend", "."], in: directory)
        let reports = try ["monday.json", "thursday.json", "tuesday.json"].map { try Self.decoded($0, in: directory) }
        #expect(result == Result(
            exitCode: 0, stdout: ReportSummaryText.trend(reports),
            stderr: "tactus report trend: warning: ./drill.json: schema: missing; skipped\n"))
        #expect(result.stdout.contains("""
            by day
            day         sessions  minutes  hits  mean |offset| ms
            2026-03-01         1      0.7
            """))
        // 16, 8 and 24 bars at 97 BPM: 39.6 + 19.8 + 59.4 s.
        #expect(result.stdout.hasSuffix("\nstreak: 1 day of practice up to 2026-03-04\ntotal: 3 sessions, 2.0 minutes, 562 hits, mean |offset| 8.3 ms over 3 days\n"))

        let since = try TactusBinary.run(["report", "trend", directory.path, "--since", "2026-03-02"])
        #expect(since.stdout == ReportSummaryText.trend(Array(reports.dropFirst()), utcOffset: Self.localOffset))
        #expect(try TactusBinary.run(["report", "trend", "missing"], in: directory)
            == Self.badInput("tactus report trend: missing: cannot read the directory: No such file or directory"))
        #expect(try TactusBinary.run(["report", "trend", "monday.json"], in: directory)
            == Self.badInput("tactus report trend: monday.json: is a file, not a directory; give the directory that holds the reports"))
        let empty = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["report", "trend", empty.path]) == Result(exitCode: 0, stdout: "no sessions\n", stderr: ""))
    }

    /// `--since 7d` counts back from today on this machine's clock.
    @Test func trendSinceDaysCountsFromToday() throws {
        let directory = try TactusBinary.scratchFolder()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        for (name, daysAgo) in [("recent", 2), ("week", 6), ("old", 7)] {
            let date = Calendar.current.date(byAdding: .day, value: -daysAgo, to: Date()) ?? Date()
            try SampleReports.write(try SampleReports.report(seed: UInt64(daysAgo), createdAt: formatter.string(from: date), bars: 2), as: "\(name).json", in: directory)
        }
        let trend = try TactusBinary.run(["report", "trend", directory.path, "--since", "7d"])
        #expect(trend.exitCode == 0)
        #expect(trend.stdout.contains("\ntotal: 2 sessions, "))
        #expect(try TactusBinary.run(["report", "trend", directory.path, "--since", "30d"]).stdout.contains("\ntotal: 3 sessions, "))
        #expect(try TactusBinary.run(["report", "trend", directory.path, "--since", "1d"]).stdout == "no sessions\n")
    }

    @Test func csvToStdoutOrAFile() throws {
        let directory = try Self.sessions()
        let report = try Self.decoded("tuesday.json", in: directory)
        #expect(try TactusBinary.run(["report", "csv", "tuesday.json"], in: directory)
            == Result(exitCode: 0, stdout: ReportSummaryText.csv(report), stderr: ""))
        #expect(try TactusBinary.run(["report", "csv", "tuesday.json", "--out", "tuesday.csv"], in: directory)
            == Result(exitCode: 0, stdout: "wrote tuesday.csv: \(report.hits.count) hits\n", stderr: ""))
        #expect(try Self.read("tuesday.csv", in: directory) == ReportSummaryText.csv(report))
        #expect(try TactusBinary.run(["report", "csv", "tuesday.json", "--out", "nowhere/t.csv"], in: directory)
            == Result(exitCode: 1, stdout: "", stderr: "tactus report csv: nowhere/t.csv: cannot write: No such file or directory (--out)\n"))
    }

    @Test func recoverRebuildsTheReport() throws {
        let directory = try TactusBinary.scratchFolder()
        let journal = try SampleReports.journal(seed: 5, createdAt: "2026-03-01T18:00:00Z")
        // The session died while writing its last line.
        let cut = String(journal.dropLast(20))
        try Data(cut.utf8).write(to: directory.appendingPathComponent("session.journal"))
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false).count
        let recovered = try SessionJournal.recover(cut, file: "session.journal")
        let warnings = ["session.journal: line \(lines): cut short; left out", "session.journal: ends inside bar 4; its length is left out of the duration"]
        #expect(recovered.warnings == warnings)
        let warning = warnings.map { "tactus report recover: warning: \($0)\n" }.joined()
        #expect(try TactusBinary.run(["report", "recover", "session.journal"], in: directory)
            == Result(exitCode: 0, stdout: try recovered.report.jsonText(), stderr: warning))
        #expect(try TactusBinary.run(["report", "recover", "session.journal", "--out", "session.json"], in: directory) == Result(
            exitCode: 0,
            stdout: "wrote session.json: \(recovered.report.hits.count) hits, \(recovered.report.misses.count) missed, recovered from session.journal\n",
            stderr: warning))
        #expect(try Self.read("session.json", in: directory) == recovered.report.jsonText())
        #expect(try Self.decoded("session.json", in: directory).source.kind == .recovered)

        try Data("{\"type\": \"hit\"}\n".utf8).write(to: directory.appendingPathComponent("headless.journal"))
        let headless = try TactusBinary.run(["report", "recover", "headless.journal"], in: directory)
        #expect(headless.exitCode == 4)
        #expect(headless.stderr.hasPrefix("tactus report recover: headless.journal: line 1: not a tactus journal header ("))
        #expect(try TactusBinary.run(["report", "recover", "gone.journal"], in: directory)
            == Self.badInput("tactus report recover: gone.journal: cannot read the journal: No such file or directory"))
    }

    @Test func htmlForAFileAndForADirectory() throws {
        let directory = try Self.sessions()
        #expect(try TactusBinary.run(["report", "html", "monday.json", "--out", "monday.html"], in: directory)
            == Result(exitCode: 0, stdout: "wrote monday.html: session of 2026-03-01T18:00:00+01:00\n", stderr: ""))
        #expect(try Self.read("monday.html", in: directory) == ReportHTML.page(try Self.decoded("monday.json", in: directory)))

        let history = try TactusBinary.run(["report", "html", directory.path, "--out", directory.appendingPathComponent("all.html").path])
        #expect(history == Result(exitCode: 0, stdout: "wrote \(directory.appendingPathComponent("all.html").path): 3 sessions\n", stderr: ""))
        let reports = try ["monday.json", "thursday.json", "tuesday.json"].map { try Self.decoded($0, in: directory) }
        #expect(try Self.read("all.html", in: directory) == ReportHTML.historyPage(reports, utcOffset: Self.localOffset))

        #expect(try TactusBinary.run(["report", "html", ".", "--since", "2026-03-03", "--out", "late.html"], in: directory)
            == Result(exitCode: 0, stdout: "wrote late.html: 1 session\n", stderr: ""))
        #expect(try TactusBinary.run(["report", "html", ".", "--since", "2027-01-01", "--out", "none.html"], in: directory)
            == Self.badInput("tactus report html: .: holds no tactus reports since 2027-01-01"))
        #expect(try TactusBinary.run(["report", "html", "monday.json", "--since", "7d", "--out", "x.html"], in: directory)
            == Self.usageError("tactus report html: --since applies to a directory of reports, not to one file"))
    }
}
