import Foundation

extension ChildProcess {
    /// Runs `executable` to the end (at most `timeout` seconds) and returns
    /// what it printed and its exit status; nil if it could not run.
    static func output(
        _ executable: String, _ arguments: [String], workDirectory: String, timeout: Double = 30
    ) -> (text: String, status: Int32)? {
        let log = "\(workDirectory)/output-\(getpid()).log"
        try? FileManager.default.removeItem(atPath: log)
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard let child = try? ChildProcess(executable, arguments, logPath: log) else { return nil }
        _ = child.wait(timeout: timeout)
        child.stop()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (text, child.exitStatus ?? -1)
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
