import TactusCore
import TactusLive

/// `tactus report compare A B`: each metric of both sessions, the change from
/// A to B and whether it is better.
struct ReportCompareCommand: Command {
    static let name = "report compare"
    static let abstract = "Compare two reports metric by metric."
    static let usage = ""
    static let positionals: [Positional<Self>] = [
        Positional("A", \.a, give: "give the two reports to compare"),
        Positional("B", \.b) { "give a second report to compare with \($0.a ?? "")" },
    ]
    static let discussion = """
        Each row gives A's value, B's value, the change from A to B and whether it is
        better, worse or the same as printed. Different settings are noted first.
        Example: tactus report compare monday.json friday.json
        """

    var a: String?
    var b: String?

    func run() throws(CommandLineError) -> ExitCode {
        let (a, b) = (a ?? "", b ?? "")
        let labels = (FileSystem.fileName(of: a), FileSystem.fileName(of: b))
        let reports = (try ReportFiles.load(a), try ReportFiles.load(b))
        StandardStreams.write(ReportSummaryText.compare(reports.0, reports.1, labels: labels.0 == labels.1 ? ("A", "B") : labels))
        return .success
    }
}
