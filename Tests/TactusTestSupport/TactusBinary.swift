import Foundation
import Glibc

/// The built `tactus` binary, found next to the test bundle in the build
/// products folder (or the one `TACTUS_TEST_BINARY` names: Scripts/test
/// names its release build), run as a person would: with its own
/// environment and folder, plain pipes, and a time limit after which it is
/// killed (and the test fails) rather than hanging.
public enum TactusBinary {
    public struct Result: Equatable, Sendable {
        public var exitCode: Int32
        public var stdout: String
        public var stderr: String

        public init(exitCode: Int32, stdout: String, stderr: String) {
            self.exitCode = exitCode
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    public static let url: URL? = {
        if let named = ProcessInfo.processInfo.environment["TACTUS_TEST_BINARY"] {
            return FileManager.default.isExecutableFile(atPath: named) ? URL(fileURLWithPath: named) : nil
        }
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
    public static var repository: URL { Repository.root }

    /// The binary, or an error saying how to build it.
    public static func require() throws -> URL {
        guard let url else {
            if let named = ProcessInfo.processInfo.environment["TACTUS_TEST_BINARY"] {
                throw TactusBinaryError("TACTUS_TEST_BINARY: \(named) is not an executable file")
            }
            throw TactusBinaryError("the tactus binary is not next to the test bundle; build it with 'swift build' first")
        }
        return url
    }

    /// A fresh empty folder for one test's files, inside the process's
    /// scratch root (removed when the tests end).
    public static func scratchFolder() throws -> URL {
        let url = ScratchRoot.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `tactus arguments…` in `directory` (the test's own by default)
    /// with `environment` (the test's own by default) and stdin empty,
    /// killing it after `timeout`.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        let process = Process()
        process.executableURL = try require()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
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
    public static func wait(for process: Process, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TactusBinaryError("tactus did not exit within \(timeout)")
        }
        process.waitUntilExit()
    }

    /// Reads a pipe to its end on a thread of its own.
    public final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        public init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                let all = handle.readDataToEndOfFile()
                lock.lock()
                data = all
                lock.unlock()
                done.signal()
            }
        }

        public func bytes() -> [UInt8] {
            done.wait()
            lock.lock()
            defer { lock.unlock() }
            return Array(data)
        }

        public func text() -> String {
            String(decoding: bytes(), as: UTF8.self)
        }
    }
}

/// Why the tactus binary could not be run to the end.
public struct TactusBinaryError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
