import TactusCore

/// `tactus report compare A B`: each metric of both sessions, the change from
/// A to B and whether it is better.
struct ReportCompareCommand: Command {
    static let name = "report compare"
    static let abstract = "Compare two reports metric by metric."
    static let usage = "A B"
    static let discussion = """
        Each row gives A's value, B's value, the change from A to B and whether it is
        better, worse or the same as printed. Different settings are noted first.
        Example: tactus report compare monday.json friday.json
        """

    var files: [String] = []

    mutating func parse(positional: String) throws(CommandLineError) -> Bool {
        guard files.count < 2 else { return false }
        files.append(positional)
        return true
    }

    func validate() throws(CommandLineError) {
        guard files.count == 2 else {
            throw .usage(files.isEmpty ? "missing A and B; give the two reports to compare" : "missing B; give a second report to compare with \(files[0])")
        }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let a = try ReportFiles.load(files[0])
        let b = try ReportFiles.load(files[1])
        let labels = (FileSystem.fileName(of: files[0]), FileSystem.fileName(of: files[1]))
        Tactus.write(ReportSummaryText.compare(a, b, labels: labels.0 == labels.1 ? ("A", "B") : labels))
        return .success
    }
}
