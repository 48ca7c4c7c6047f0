import TactusCore

/// `tactus report csv FILE`: every hit of a report as a CSV row.
struct ReportCSVCommand: Command {
    static let name = "report csv"
    static let abstract = "Every hit of a report as CSV, for spreadsheets and plots."
    static let usage = "[--out] [--pulse]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "F.csv", "Write the CSV to this file (replaced only when complete) instead of stdout.", .text) { $0.out = $1 },
        .flag("--pulse", "The tempo curve of a take analysed in free time instead: one row a beat, timeS,bar,beat,bpm.") { $0.pulse = true },
    ]
    static let discussion = """
        Columns: frame,timeS,bar,beat,subdivision,offsetMs,note,velocity,channel,grade,countIn,muted,preset,voice
        With --pulse: timeS,bar,beat,bpm, every beat of the player's own pulse (analyze --free).
        Example: tactus report csv session.json --out session.csv
        Example: tactus report csv gig.json --pulse --out tempo.csv
        """

    var file: String?
    var out: String?
    var pulse = false

    static let positionals: [Positional<Self>] = [Positional("FILE", \.file, give: "give the report to convert")]

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        if out?.isEmpty == true { throw .option("--out", "missing value (F.csv)") }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let report = try ReportFiles.load(file ?? "")
        let text: String
        if pulse {
            guard let beats = report.pulse else {
                throw .badInput(file ?? "", "has no pulse: it was not analysed in free time (tactus analyze --free)")
            }
            text = ReportSummaryText.pulseCSV(beats)
        } else {
            text = ReportSummaryText.csv(report)
        }
        let hits = report.hits.count
        let rows = pulse ? "\(report.pulse?.beats.count ?? 0) beats" : "\(hits) hit\(hits == 1 ? "" : "s")"
        try ReportFiles.write(text, to: out, summary: rows)
        return .success
    }
}
