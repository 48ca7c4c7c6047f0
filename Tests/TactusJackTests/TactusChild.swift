import Foundation
import TactusJack
import TactusTestSupport

/// The built `tactus` binary (next to the test bundle), run as a child
/// process while the test talks to the same JACK server.
final class TactusChild {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts `tactus arguments…` with `environment` added to the test's own.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try TactusBinary.require()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["JACK_NO_START_SERVER": "1"].merging(environment) { $1 }) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Waits for the exit (killing the child after `timeout`) and returns
    /// its status and output. The output is read once the child has exited
    /// (tactus writes far less than a pipe holds), so no thread of the
    /// test's pool blocks on a pipe meanwhile.
    func finish(timeout: Duration = .seconds(60)) async throws -> (status: Int32, stdout: String, stderr: String) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while process.isRunning {
            if clock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw JackTestServerError("tactus \(process.arguments?.first ?? ""): still running after \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
