import TactusCore
import TactusLive

/// `tactus report show FILE`: the headline numbers, the per-beat table, the
/// worst bars and advice.
struct ReportShowCommand: Command {
    static let name = "report show"
    static let abstract = "Show a report: headline numbers, beats, worst bars and advice."
    static let usage = ""
    static let discussion = "Example: tactus report show ~/.local/share/tactus/sessions/2026-03-01T18-00-00.json"

    var file: String?

    static let positionals: [Positional<Self>] = [Positional("FILE", \.file, give: "give the report to show")]

    func run() throws(CommandLineError) -> ExitCode {
        let report = try ReportFiles.load(file ?? "")
        StandardStreams.write(ReportSummaryText.show(report, hints: ScoringHint.hints(for: report)))
        return .success
    }
}
