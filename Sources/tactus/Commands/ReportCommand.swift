import TactusCore

/// `tactus report`: the review of practice reports, one subcommand per job.
/// Each subcommand is a `Command` of its own named "report WORD", so its help,
/// usage line and error prefix read `tactus report WORD`.
struct ReportCommand: Command {
    static let name = "report"
    static let abstract = "Review practice reports: show, compare, trend, csv, recover, html."
    static let usage = "<subcommand> [options]"
    static let subcommands: [any Command.Type] = [
        ReportShowCommand.self, ReportCompareCommand.self, ReportTrendCommand.self,
        ReportCSVCommand.self, ReportRecoverCommand.self, ReportHTMLCommand.self,
    ]
    static var discussion: String {
        let words = subcommands.map { word(of: $0) }
        let width = (words.map(\.count).max() ?? 0) + 2
        let list = zip(words, subcommands).map { "  \($0.0.padded(to: width))\($0.1.abstract)" }.joined(separator: "\n")
        return "SUBCOMMANDS:\n\(list)\n\nSee 'tactus report <subcommand> --help' for a subcommand's options."
    }

    /// "show" for "report show".
    static func word(of command: any Command.Type) -> String {
        String(command.name.dropFirst(name.count + 1))
    }

    static func main(_ arguments: [String]) -> ExitCode {
        Tactus.dispatch(
            arguments, among: subcommands, word: word(of:), prefix: "tactus report", help: help, noun: "subcommand",
            missing: "missing subcommand (\(subcommands.map(word).joined(separator: ", ")))", advice: "give a subcommand first, ")
    }

    func run() throws(CommandLineError) -> ExitCode {
        throw .usage("missing subcommand; see 'tactus report --help'")
    }
}
