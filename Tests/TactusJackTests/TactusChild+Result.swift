import Glibc
import TactusTestSupport

extension TactusChild {
    /// How the child ended, comparable as a whole.
    typealias Result = TactusBinary.Result

    /// Waits for the exit, as ``finish(timeout:)``.
    func result(timeout: Duration = .seconds(60)) async throws -> Result {
        let (status, stdout, stderr) = try await finish(timeout: timeout)
        return Result(exitCode: status, stdout: stdout, stderr: stderr)
    }

    /// Runs `tactus arguments…` to the end.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> Result {
        try await TactusChild(arguments).result(timeout: timeout)
    }

    /// Sends `signal` (SIGINT, SIGTERM) to the child while it runs.
    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }
}
