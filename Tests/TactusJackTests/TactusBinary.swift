import Foundation
import Glibc
import Testing

/// The built `tactus` binary, run as a person would against a test server:
/// with its own environment, plain pipes or a pseudo-terminal, and a time
/// limit after which it is killed (and the test fails) rather than hanging.
enum TactusBinary {
    struct Result: Equatable {
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

    static let url: URL? = {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        return candidates.map { $0.appendingPathComponent("tactus") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The repository's folder, for shipped configs.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh empty folder with `config` and `data` inside, and the
    /// environment that points tactus at them.
    static func scratch() throws -> (folder: URL, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-jack-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["JACK_NO_START_SERVER"] = "1"
        return (folder, environment)
    }

    /// Runs `tactus arguments…` with pipes, killing it after `timeout`.
    static func run(_ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)) throws -> Result {
        guard let url else {
            Issue.record("the tactus binary is not next to the test bundle; build it with 'swift build' first")
            return Result(exitCode: -1, stdout: "", stderr: "")
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = Collector(output.fileHandleForReading)
        let stderr = Collector(errors.fileHandleForReading)
        try wait(for: process, timeout: timeout)
        return Result(exitCode: process.terminationStatus, stdout: stdout.text(), stderr: stderr.text())
    }

    /// Waits for `process` to exit; after `timeout` kills it and throws.
    static func wait(for process: Process, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw JackTestServerError("tactus did not exit within \(timeout)")
        }
        process.waitUntilExit()
    }

    /// Reads a pipe to its end on a thread of its own.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                let all = handle.readDataToEndOfFile()
                lock.lock()
                data = all
                lock.unlock()
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
