import TactusCore

/// `tactus report csv FILE`: every hit of a report as a CSV row.
struct ReportCSVCommand: Command {
    static let name = "report csv"
    static let abstract = "Every hit of a report as CSV, for spreadsheets and plots."
    static let usage = "FILE [--out F.csv]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "F.csv", "Write the CSV to this file (replaced only when complete) instead of stdout.", .text) { $0.out = $1 },
    ]
    static let discussion = """
        Columns: frame,timeS,bar,beat,subdivision,offsetMs,note,velocity,channel,grade,countIn,muted,preset,voice
        Example: tactus report csv session.json --out session.csv
        """

    var file: String?
    var out: String?

    mutating func parse(positional: String) throws(CommandLineError) -> Bool {
        guard file == nil else { return false }
        file = positional
        return true
    }

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        guard file != nil else { throw .usage("missing FILE; give the report to convert") }
        if out?.isEmpty == true { throw .option("--out", "missing value (F.csv)") }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let report = try ReportFiles.load(file ?? "")
        let text = ReportSummaryText.csv(report)
        guard let out else {
            Tactus.write(text)
            return .success
        }
        try ReportFiles.write(text, to: out)
        Tactus.note("wrote \(out): \(report.hits.count) hit\(report.hits.count == 1 ? "" : "s")\n", about: [out])
        return .success
    }
}
