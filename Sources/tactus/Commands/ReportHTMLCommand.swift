import TactusCore
import TactusLive

/// `tactus report html FILE|DIR --out F.html`: a self-contained page with the
/// charts of one session, or the history of a directory of sessions.
struct ReportHTMLCommand: Command {
    static let name = "report html"
    static let abstract = "Write a self-contained HTML page with charts for a report or a directory of them."
    static let usage = "--out [--since]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "F.html", "The page to write (replaced only when complete).", .text) { $0.out = $1 },
        Option("--since", "7d|30d|DATE", "For a DIR: only sessions from the last N days or from DATE on.", .since) { $0.since = $1 },
    ]
    static let discussion = """
        For a FILE: headline numbers and advice, offsets over time with the windows,
        the histogram, per-beat and per-bar timing. For a DIR (every *.json report in
        it): a calendar of practice days, mean |offset| and score across sessions,
        totals per preset, and the latest session in full. The page needs no network
        and runs no scripts. What it reads of each report is kept in DIR/.tactus-index,
        as for report trend.
        Example: tactus report html ~/.local/share/tactus/sessions --out practice.html
        """

    var input: String?
    var out: String?
    var since: CalendarDay?

    static let positionals: [Positional<Self>] = [Positional("FILE|DIR", \.input, give: "give a report or a directory of reports")]

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        guard let out, !out.isEmpty else { throw .option("--out", "missing; give the HTML file to write") }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let path = input ?? ""
        let destination = out ?? ""
        if FileSystem.isDirectory(path) {
            let sessions = try ReportFolder.sessions(in: path, since: since, utcOffset: ReportFiles.localOffset) {
                StandardStreams.warn("tactus \(Self.name)", $0)
            }
            guard let latest = try ReportFolder.latest(sessions) else {
                throw .badInput(path, since == nil ? "holds no tactus reports" : "holds no tactus reports since \(since?.description ?? "")")
            }
            let page = ReportHTML.historyPage(sessions.map(\.report), latest: latest, utcOffset: ReportFiles.localOffset)
            let count = sessions.count
            try ReportFiles.write(page, to: destination, summary: "\(count) session\(count == 1 ? "" : "s")")
        } else {
            if since != nil { throw .usage("--since applies to a directory of reports, not to one file") }
            let report = try ReportFiles.load(path)
            try ReportFiles.write(ReportHTML.page(report), to: destination, summary: "session of \(report.createdAt)")
        }
        return .success
    }
}
