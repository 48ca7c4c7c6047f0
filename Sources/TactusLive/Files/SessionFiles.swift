import Foundation
import TactusCore

/// Where a live session's report and journal go, checked before the session
/// starts: `--report PATH`, else `$XDG_DATA_HOME/tactus/sessions/<start>.json`
/// (falling back to `~/.local/share/tactus/sessions/`). The journal sits
/// beside the report as `<name>.journal.jsonl` and is removed once the report
/// is written.
public struct SessionFiles {
    let reportPath: String
    let journalPath: String

    public init(reportPath: String?, startedAt: Date, environment: [String: String]) throws(CommandLineError) {
        let path = reportPath ?? Self.defaultDirectory(environment: environment) + "/" + Self.fileName(startedAt)
        // Standard output or a device needs no folder of its own.
        if (try? OutputFile.target(of: path))?.isFile ?? true {
            let directory = FileSystem.directory(of: path) ?? "."
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .failure("\(path): cannot create the report's folder \(directory)")
            }
            guard access(directory, W_OK) == 0 else {
                throw .failure("\(path): the folder \(directory) is not writable; give another place with --report")
            }
        }
        let journalPath = Self.journalPath(forReport: path, environment: environment)
        try OutputFile.check([("--report", path), ("the report's journal", journalPath)])
        self.reportPath = path
        self.journalPath = journalPath
    }

    /// `<report without .json>.journal.jsonl`, or — when the report goes to
    /// a device, FIFO or socket (`--report /dev/stdout`), beside which no
    /// file belongs — `tactus-<pid>.journal.jsonl` in the temporary folder.
    static func journalPath(forReport path: String, environment: [String: String]) -> String {
        if let target = try? OutputFile.target(of: path), !target.isFile {
            return temporaryDirectory(environment: environment) + "/tactus-\(getpid()).journal.jsonl"
        }
        let base = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        return base + ".journal.jsonl"
    }

    static func defaultDirectory(environment: [String: String]) -> String {
        xdgFile("sessions", in: "XDG_DATA_HOME", orHome: ".local/share", environment: environment, orElseUnder: ".")
    }

    /// `2026-11-21T23-59-07.json`: the start time, sortable, without colons.
    static func fileName(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour))-\(two(parts.minute))-\(two(parts.second)).json"
    }

    /// Where files go when their own folder cannot take them: `$TMPDIR`,
    /// else `/tmp`.
    static func temporaryDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let directory = environment["TMPDIR"], !directory.isEmpty else { return "/tmp" }
        return directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
