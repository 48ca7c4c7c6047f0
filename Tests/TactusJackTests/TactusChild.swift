import Foundation
import Glibc

/// The built `tactus` binary run as a child process next to the test's own
/// JACK clients (libjack serves one server per process, so a second client
/// program is the way to test the command line against a test server).
final class TactusChild: @unchecked Sendable {
    struct Result: Equatable {
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

    /// Found next to the test bundle in the build products directory, as the
    /// CLI tests find it.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        return candidates.map { $0.appendingPathComponent("tactus") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private let process = Process()
    private let outputPath: String
    private let errorPath: String

    /// Starts `tactus arguments…`; its output goes to files, so a child that
    /// runs long never blocks on a full pipe.
    init(_ arguments: [String]) throws {
        guard let binary = TactusChild.binary else {
            throw JackTestServerError("the tactus binary is not next to the test bundle; build it with 'swift build' first")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-child-\(UUID().uuidString)").path
        outputPath = base + ".out"
        errorPath = base + ".err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGINT, SIGTERM) to the child.
    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the child to exit (killing it after `timeout`) and returns
    /// its exit code and output.
    func result(timeout: Duration = .seconds(60)) async throws -> Result {
        try await JackRecorder.poll(timeout: timeout) { !process.isRunning }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw JackTestServerError("tactus \(process.arguments?.joined(separator: " ") ?? "") did not exit within \(timeout)")
        }
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Runs `tactus arguments…` to the end.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> Result {
        try await TactusChild(arguments).result(timeout: timeout)
    }
}
