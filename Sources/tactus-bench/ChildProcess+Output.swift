import Foundation
import Glibc
import TactusTestSupport

extension ChildProcess {
    /// Starts `executable` with `arguments`; stdout and stderr go to `logPath`
    /// (appended), stdin reads /dev/null. With `terminal`, stdin and stdout
    /// are that terminal instead and only stderr goes to the log.
    /// `environment` entries are added to (or replace those of) this
    /// process' environment. It stays in the suite's process group, which
    /// Scripts/bench ends as a whole.
    convenience init(
        _ executable: String, _ arguments: [String], logPath: String, environment: [String: String] = [:],
        terminal: PseudoTerminal? = nil
    ) throws {
        try self.init(
            executable, arguments, environment: Self.environment(adding: environment),
            stdin: terminal.map { .terminal($0) } ?? .null, stdout: terminal.map { .terminal($0) } ?? .file(logPath),
            stderr: terminal == nil ? .standardOutput : .file(logPath), ownGroup: false)
    }

    /// Runs `executable` to the end (at most `timeout` seconds) and returns
    /// what it printed and its exit status; nil if it could not run.
    static func output(
        _ executable: String, _ arguments: [String], workDirectory: String, timeout: Double = 30
    ) -> (text: String, status: Int32)? {
        let log = "\(workDirectory)/output-\(getpid()).log"
        try? FileManager.default.removeItem(atPath: log)
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard let child = try? ChildProcess(executable, arguments, logPath: log) else { return nil }
        _ = child.exitedThenStop(within: .seconds(timeout))
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (text, child.exitStatus ?? -1)
    }

    /// Runs `/usr/bin/time -v arguments…` to the end (at most `timeout`
    /// seconds), its output to `log`: the wall seconds and the peak resident
    /// KiB time reports, or why not (`failed` words a non-zero exit status).
    static func timed(
        _ time: String, _ arguments: [String], log: String, timeout: Double, failed: (Int32) -> String
    ) -> (seconds: Double?, rssKiB: Double?, problem: String?) {
        try? FileManager.default.removeItem(atPath: log)
        guard let child = try? ChildProcess(time, ["-v"] + arguments, logPath: log) else {
            return (nil, nil, "could not start \(time)")
        }
        guard child.exitedThenStop(within: .seconds(timeout)) else {
            return (nil, nil, "did not finish in \(Int(timeout / 60)) minutes")
        }
        guard child.exitStatus == 0 else { return (nil, nil, failed(child.exitStatus ?? -1)) }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let rssKiB = output.split(separator: "\n")
            .first { $0.contains("Maximum resident set size") }
            .flatMap { $0.split(separator: ":").last }
            .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return (child.elapsedSeconds, rssKiB, nil)
    }

    /// Writes a simulated drummer to `file` with `tactus simulate`.
    static func simulate(
        _ tactus: String, bpm: Int, bars: Int, seed: Int, to file: String, workDirectory: String
    ) throws {
        guard let simulated = output(
            tactus, ["simulate", "--bpm", "\(bpm)", "--bars", "\(bars)", "--seed", "\(seed)", "--out", file],
            workDirectory: workDirectory), simulated.status == 0
        else { throw BenchError("tactus simulate could not write \(file)") }
    }

    /// The Debian package version of `package`, if installed.
    static func packageVersion(_ package: String, workDirectory: String) -> String? {
        guard let dpkg = find("dpkg-query"),
              let result = output(dpkg, ["-W", "-f=${Version}", package], workDirectory: workDirectory),
              result.status == 0, !result.text.isEmpty
        else { return nil }
        return result.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
