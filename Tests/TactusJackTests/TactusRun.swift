import Foundation
import Glibc
import Testing
import TactusCore
import TactusTestSupport

/// The built `tactus` binary (`TactusBinary.url`) running as a child
/// process while the test acts on it, its output going to files in a scratch
/// folder so it never blocks on a pipe and can be read at any time. Stop it with ``signal(_:)`` and ``wait(timeout:)``; a
/// run still going when the value goes away is killed.
final class TactusRun {
    let process = Process()
    let folder: URL
    private let stdoutPath: String
    private let stderrPath: String

    /// Starts `tactus arguments…` with `environment` (see
    /// `TactusBinary.scratch()`); output goes to `folder`.
    init(_ arguments: [String], folder: URL, environment: [String: String]) throws {
        let binary = try TactusBinary.require()
        self.folder = folder
        stdoutPath = folder.appendingPathComponent("stdout.txt").path
        stderrPath = folder.appendingPathComponent("stderr.txt").path
        guard FileManager.default.createFile(atPath: stdoutPath, contents: nil),
              FileManager.default.createFile(atPath: stderrPath, contents: nil),
              let output = FileHandle(forWritingAtPath: stdoutPath), let errors = FileHandle(forWritingAtPath: stderrPath)
        else {
            throw JackTestServerError("cannot create the output files in \(folder.path)")
        }
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? output.close()
        try? errors.close()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the run to exit and returns its status; kills it and throws
    /// after `timeout`.
    func wait(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw JackTestServerError("tactus did not exit within \(timeout); stderr:\n\(stderr)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Polls `condition` every 10 ms until it holds; throws after `timeout`
    /// with what the run printed.
    func poll(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                throw JackTestServerError("no \(what) within \(timeout); stdout:\n\(stdout)\nstderr:\n\(stderr)")
            }
            guard process.isRunning || condition() else {
                throw JackTestServerError("tactus exited (\(process.terminationStatus)) before \(what); stderr:\n\(stderr)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The journal's lines decoded (a last line cut short is left out).
    static func journalEntries(_ path: String) -> [JournalEntry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(JournalEntry.self, from: Data($0.utf8)) }
    }

    static func report(_ path: String) throws -> PracticeReport {
        try PracticeReport.decode(Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }
}
