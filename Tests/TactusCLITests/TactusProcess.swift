import Foundation
import Testing

/// Runs the built `tactus` binary, found next to the test bundle in the build
/// products directory.
struct TactusProcess {
    struct Result: Equatable {
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

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

    /// Runs `tactus arguments…` in `directory`.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        guard let binary else {
            Issue.record("the tactus binary is not next to the test bundle; build it with 'swift build' first")
            return Result(exitCode: -1, stdout: "", stderr: "")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(exitCode: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh empty directory for one test's files.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
