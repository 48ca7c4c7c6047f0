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
        let output = ByteCollector(pipe.fileHandleForReading)
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
        let terminal = try TestTerminal()
        let reader = Thread { terminal.readUntilQuiet() }
        reader.start()
        let result = try run(arguments, in: directory, stdout: terminal.handle)
        terminal.finish()
        return (result, terminal.output)
    }
}

/// A pseudo-terminal pair (`posix_openpt(3)`) in raw mode: what the program
/// writes on the terminal end is read, byte for byte, on the other.
final class TestTerminal: @unchecked Sendable {
    let controller: Int32
    let terminal: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var finished = false
    private let done = DispatchSemaphore(value: 0)

    init() throws {
        let library = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(library, "posix_openpt"), let grantpt = dlsym(library, "grantpt"),
              let unlockpt = dlsym(library, "unlockpt"), let ptsname = dlsym(library, "ptsname") else {
            throw TactusBinaryError("the C library has no posix_openpt, grantpt, unlockpt or ptsname")
        }
        typealias IntCall = @convention(c) (Int32) -> Int32
        controller = unsafeBitCast(openpt, to: IntCall.self)(O_RDWR | O_NOCTTY)
        guard controller >= 0, unsafeBitCast(grantpt, to: IntCall.self)(controller) == 0,
              unsafeBitCast(unlockpt, to: IntCall.self)(controller) == 0,
              let name = unsafeBitCast(ptsname, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)(controller) else {
            throw TactusBinaryError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw TactusBinaryError("cannot open \(String(cString: name))") }
        var attributes = termios()
        tcgetattr(terminal, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(terminal, TCSANOW, &attributes)
    }

    deinit {
        close(controller)
        close(terminal)
    }

    var handle: FileHandle { FileHandle(fileDescriptor: terminal, closeOnDealloc: false) }

    /// Reads until `finish()` is called and nothing more is waiting.
    func readUntilQuiet() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 50)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
                if count > 0 {
                    lock.lock()
                    bytes += buffer[0..<count]
                    lock.unlock()
                    continue
                }
            }
            lock.lock()
            let stop = finished
            lock.unlock()
            if stop { break }
        }
        done.signal()
    }

    /// The program has exited: reading stops once the terminal is drained.
    func finish() {
        lock.lock()
        finished = true
        lock.unlock()
        done.wait()
    }

    var output: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }
}

/// Reads a pipe to its end on a thread of its own, as bytes.
final class ByteCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func bytes() -> [UInt8] {
        done.wait()
        return Array(data)
    }
}
