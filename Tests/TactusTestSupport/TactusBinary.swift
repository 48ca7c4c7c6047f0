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

    /// Starts `tactus arguments…` (`binary`, or the one built) in
    /// `directory` (the test's own by default) with `environment` (the
    /// test's own by default) and stdin empty; `wrapper` (a command and its
    /// arguments: `prlimit …`) runs tactus, if given.
    public static func start(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil, wrapper: [String] = [],
        binary: URL? = nil, stdout: ChildProcess.Stream = .captured, stderr: ChildProcess.Stream = .captured
    ) throws -> ChildProcess {
        let tactus = try binary ?? require()
        let command = wrapper + [tactus.path] + arguments
        return try ChildProcess(
            command[0], Array(command.dropFirst()), in: directory?.path,
            environment: environment ?? ProcessInfo.processInfo.environment, stdout: stdout, stderr: stderr)
    }

    /// Runs `tactus arguments…` as ``start(_:in:environment:wrapper:binary:stdout:stderr:)``
    /// does, killing it after `timeout`.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        let child = try start(arguments, in: directory, environment: environment)
        let status = try child.wait(for: "exit of tactus \(arguments.first ?? "")", within: timeout)
        return Result(exitCode: status, stdout: child.stdout, stderr: child.stderr)
    }
}

/// Why the tactus binary could not be run to the end.
public struct TactusBinaryError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
