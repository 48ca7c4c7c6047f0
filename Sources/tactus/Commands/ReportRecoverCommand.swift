import Foundation
import TactusCore
import TactusLive

/// `tactus report recover JOURNAL`: the report of an interrupted session,
/// rebuilt from its journal.
struct ReportRecoverCommand: Command {
    static let name = "report recover"
    static let abstract = "Rebuild the report of an interrupted session from its journal."
    static let usage = "[--out]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "F.json", "Write the report to this file (replaced only when complete) instead of stdout.", .text) { $0.out = $1 },
    ]
    static let discussion = """
        Lines that cannot be read (typically a last line cut short) are left out with
        a warning on stderr; a journal without its header line cannot be recovered.
        Example: tactus report recover session.journal --out session.json
        """

    var journal: String?
    var out: String?

    static let positionals: [Positional<Self>] = [Positional("JOURNAL", \.journal, give: "give the session journal to recover")]

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        if out?.isEmpty == true { throw .option("--out", "missing value (F.json)") }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let path = journal ?? ""
        let bytes = try FileSystem.read(path, limit: InputLimit.report, what: "journal")
        let recovered = try CommandLineError.catching(exitCode: .badInput) {
            try SessionJournal.recover(String(decoding: bytes, as: UTF8.self), file: path)
        }
        for warning in recovered.warnings {
            StandardStreams.warn("tactus \(Self.name)", warning)
        }
        let report = recovered.report
        let hits = "\(report.hits.count) hit\(report.hits.count == 1 ? "" : "s")"
        try ReportFiles.write(to: out, summary: "\(hits), \(report.misses.count) missed, recovered from \(path)") {
            try report.writeJSON(toBytes: $0)
        }
        return .success
    }
}
