import Foundation
import Glibc
import TactusJack
import TactusTestSupport

/// The built `tactus` binary (`TactusBinary.url`) running as a child
/// process while the test acts on it. Its output goes to files in a folder
/// of its own, so it never blocks on a full pipe and can be read at any
/// time; the folder goes, and a child still running is killed, when the
/// value goes away.
final class TactusChild {
    /// How the child ended, comparable as a whole.
    typealias Result = TactusBinary.Result

    let process = Process()
    private let outputFolder: URL
    private let stdoutPath: String
    private let stderrPath: String

    /// Starts `tactus arguments…` with the test's own environment, JACK
    /// server start-up turned off, and `environment` over both.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let binary = try TactusBinary.require()
        outputFolder = try TactusBinary.scratchFolder()
        stdoutPath = outputFolder.appendingPathComponent("stdout.txt").path
        stderrPath = outputFolder.appendingPathComponent("stderr.txt").path
        guard FileManager.default.createFile(atPath: stdoutPath, contents: nil),
              FileManager.default.createFile(atPath: stderrPath, contents: nil),
              let output = FileHandle(forWritingAtPath: stdoutPath), let errors = FileHandle(forWritingAtPath: stderrPath)
        else {
            throw TactusBinaryError("cannot create the output files in \(outputFolder.path)")
        }
        defer {
            try? output.close()
            try? errors.close()
        }
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(["JACK_NO_START_SERVER": "1"]) { $1 }.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputFolder)
    }

    /// Runs `tactus arguments…` to the end.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> Result {
        try await TactusChild(arguments).result(timeout: timeout)
    }

    /// What it has printed so far.
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// What tactus wrote to stderr, less libdb's complaints about JACK's
    /// metadata files: every jackd of a user shares /dev/shm/jack_db-UID,
    /// and one that exits deletes it under the others, so a client opened on
    /// another test's server afterwards has libdb print "…/__db.001: No such
    /// file or directory". One server per user, as on a player's machine,
    /// never sees it.
    var stderr: String {
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        guard text.contains("/dev/shm/jack_db-") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("/dev/shm/jack_db-") }.joined(separator: "\n")
    }

    /// Sends `number` (SIGINT, SIGTERM, …) while it runs.
    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits for the exit and returns the status; kills the child and throws
    /// after `timeout`.
    func wait(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw TactusBinaryError(
                    "tactus \(process.arguments?.first ?? "") did not exit within \(timeout); stderr:\n\(stderr)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        process.waitUntilExit()
        try throwIfRefusedAtOpen()
        return process.terminationStatus
    }

    /// Throws when tactus ended because the server refused its client at
    /// open with a communication error (status 0x21), which a fresh server
    /// among several starting at once now and then does: as that
    /// `JackError`, so that `JackTestServer.with` runs the test once more on
    /// a new server, as it does when the test's own client is refused.
    private func throwIfRefusedAtOpen() throws {
        guard !process.isRunning, process.terminationStatus == 3,
              stderr.contains("communication error with the server (status 0x21)")
        else { return }
        let arguments = process.arguments ?? []
        let server = arguments.firstIndex(of: "--server").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        throw JackError.clientOpenFailed(client: "tactus", server: server ?? "default", status: 0x21)
    }

    /// Waits for the exit, as ``wait(timeout:)``, and returns how it ended.
    func result(timeout: Duration = .seconds(60)) async throws -> Result {
        let status = try await wait(timeout: timeout)
        return Result(exitCode: status, stdout: stdout, stderr: stderr)
    }

    /// Polls `condition` every 10 ms until it holds; throws after `timeout`
    /// with what the child printed.
    func poll(_ what: String, timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                throw TactusBinaryError("no \(what) within \(timeout); stdout:\n\(stdout)\nstderr:\n\(stderr)")
            }
            guard process.isRunning || condition() else {
                try throwIfRefusedAtOpen()
                throw TactusBinaryError("tactus exited (\(process.terminationStatus)) before \(what); stderr:\n\(stderr)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
