import Foundation
import Glibc
import TactusTestSupport

/// The built `tactus` run with its standard output on a pipe, a file
/// opened to append or a terminal, optionally under an address-space limit
/// (`prlimit --as`), so tests see what it does to what it was given.
extension TactusBinary {
    /// How it ended: the exit code (128 + the signal that killed it, as a
    /// shell shows it) and what it wrote to stderr.
    struct Exit: Equatable {
        var exitCode: Int32
        var stderr: String
    }

    static func run(
        _ arguments: [String], in directory: URL, stdout: ChildProcess.Stream, memoryLimit: Int? = nil
    ) throws -> (Exit, ChildProcess) {
        let child = try start(
            arguments, in: directory, wrapper: memoryLimit.map { ["/usr/bin/prlimit", "--as=\($0)"] } ?? [], stdout: stdout)
        let status = try child.wait(for: "exit of tactus \(arguments.first ?? "")")
        return (Exit(exitCode: status, stderr: child.stderr), child)
    }

    /// Runs with standard output on a pipe read to its end.
    static func runToPipe(_ arguments: [String], in directory: URL, memoryLimit: Int? = nil) throws -> (Exit, [UInt8]) {
        let (exit, child) = try run(arguments, in: directory, stdout: .captured, memoryLimit: memoryLimit)
        return (exit, child.stdoutBytes)
    }

    /// Runs with standard output on `file` opened to append (`>> file`).
    static func runAppending(_ arguments: [String], in directory: URL, to file: URL) throws -> Exit {
        try run(arguments, in: directory, stdout: .file(file.path)).0
    }

    /// Runs with standard output on a pseudo-terminal in raw mode (so bytes
    /// pass unchanged), read as it is written.
    static func runOnTerminal(_ arguments: [String], in directory: URL) throws -> (Exit, [UInt8]) {
        let terminal = try PseudoTerminal(raw: true)
        terminal.readInBackground(keeping: true)
        let (exit, _) = try run(arguments, in: directory, stdout: .terminal(terminal))
        terminal.finish()
        return (exit, terminal.output)
    }
}
