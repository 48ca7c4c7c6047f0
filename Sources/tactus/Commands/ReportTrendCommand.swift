import TactusCore
import TactusLive

/// `tactus report trend DIR`: every report in a directory over time, with
/// totals per day and per preset and the practice streak.
struct ReportTrendCommand: Command {
    static let name = "report trend"
    static let abstract = "Sessions over time, totals per day and preset, and the practice streak."
    static let usage = "[--since]"
    static let optionTable: [Option<Self>] = [
        Option("--since", "7d|30d|DATE", "Only sessions from the last N days (today included) or from DATE on.", .since) { $0.since = $1 },
    ]
    static let discussion = """
        Reads every *.json report in DIR (not its subfolders); other JSON files are
        skipped with a warning. Sessions count on the day they were played, on this
        machine's clock. What it reads of each report is kept in DIR/.tactus-index,
        so a report already read is not opened again until it changes.
        Example: tactus report trend ~/.local/share/tactus/sessions --since 30d
        """

    var directory: String?
    var since: CalendarDay?

    static let positionals: [Positional<Self>] = [Positional("DIR", \.directory, give: "give the directory of reports")]

    func run() throws(CommandLineError) -> ExitCode {
        let progress = ProgressMeter(label: "reading", unit: "reports", total: 0)
        let sessions = try ReportFolder.sessions(
            in: directory ?? "", since: since, utcOffset: ReportFiles.localOffset, progress: progress
        ) { warning in
            progress.finish()
            StandardStreams.warn("tactus \(Self.name)", warning)
        }
        progress.finish()
        StandardStreams.write(ReportSummaryText.trend(sessions.map(\.report), utcOffset: ReportFiles.localOffset))
        return .success
    }
}
