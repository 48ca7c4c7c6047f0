import Foundation
import Glibc
import TactusTestSupport

/// The built `tactus` run with its standard output on a given descriptor
/// (a pipe, a file opened to append, a terminal), optionally under an
/// address-space limit (`prlimit --as`), so tests see what it does to
/// what it was given.
enum ChildProcess {
    struct Result: Equatable {
        var exitCode: Int32
        var stderr: String
    }

    static func run(
        _ arguments: [String], in directory: URL, stdout: FileHandle, memoryLimit: Int? = nil, timeout: Duration = .seconds(60)
    ) throws -> Result {
        let process = Process()
        let tactus = try TactusBinary.require()
        if let memoryLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--as=\(memoryLimit)", tactus.path] + arguments
        } else {
            process.executableURL = tactus
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardOutput = stdout
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = TactusBinary.Collector(errors.fileHandleForReading)
        try TactusBinary.wait(for: process, timeout: timeout)
        // Killed by a signal: 128 + the signal, as a shell shows it.
        let code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(exitCode: code, stderr: stderr.text())
    }

    /// Runs with standard output on a pipe read to its end.
    static func runToPipe(_ arguments: [String], in directory: URL, memoryLimit: Int? = nil) throws -> (Result, [UInt8]) {
        let pipe = Pipe()
        let output = TactusBinary.Collector(pipe.fileHandleForReading)
        let result = try run(arguments, in: directory, stdout: pipe.fileHandleForWriting, memoryLimit: memoryLimit)
        try pipe.fileHandleForWriting.close()
        return (result, output.bytes())
    }

    /// Runs with standard output on `file` opened to append (`>> file`).
    static func runAppending(_ arguments: [String], in directory: URL, to file: URL) throws -> Result {
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TactusBinaryError("cannot open \(file.path)") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return try run(arguments, in: directory, stdout: handle)
    }

    /// Runs with standard output on a pseudo-terminal in raw mode (so bytes
    /// pass unchanged), read as it is written.
    static func runOnTerminal(_ arguments: [String], in directory: URL) throws -> (Result, [UInt8]) {
        let terminal = try PseudoTerminal(raw: true)
        terminal.readInBackground(keeping: true)
        let result = try run(arguments, in: directory, stdout: terminal.handle)
        terminal.finish()
        return (result, terminal.output)
    }
}
