import Foundation
import Glibc

/// A pseudo-terminal for running `tactus` as if typed at a terminal: the
/// program gets the terminal end (stdin, stdout and stderr), the test reads
/// what it draws and types keys on the other end.
final class PseudoTerminal {
    let controller: Int32
    let terminal: Int32
    private(set) var output = Data()

    /// Opens a pair (`posix_openpt(3)`) of `columns` × `rows`.
    init(columns: UInt16 = 100, rows: UInt16 = 30) throws {
        guard let posix = Self.posix else {
            throw JackTestServerError("the C library has no posix_openpt, grantpt, unlockpt or ptsname")
        }
        controller = posix.openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0, posix.grantpt(controller) == 0, posix.unlockpt(controller) == 0,
              let name = posix.ptsname(controller) else {
            throw JackTestServerError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            throw JackTestServerError("cannot open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(controller)
        close(terminal)
    }

    /// The POSIX pseudo-terminal calls, which Swift's Glibc module leaves
    /// out (they need `_XOPEN_SOURCE`): looked up in the C library.
    struct Calls {
        let openpt: @convention(c) (Int32) -> Int32
        let grantpt: @convention(c) (Int32) -> Int32
        let unlockpt: @convention(c) (Int32) -> Int32
        let ptsname: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    }

    static let posix: Calls? = {
        let library = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(library, "posix_openpt"), let grantpt = dlsym(library, "grantpt"),
              let unlockpt = dlsym(library, "unlockpt"), let ptsname = dlsym(library, "ptsname") else { return nil }
        return Calls(
            openpt: unsafeBitCast(openpt, to: (@convention(c) (Int32) -> Int32).self),
            grantpt: unsafeBitCast(grantpt, to: (@convention(c) (Int32) -> Int32).self),
            unlockpt: unsafeBitCast(unlockpt, to: (@convention(c) (Int32) -> Int32).self),
            ptsname: unsafeBitCast(ptsname, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
    }()

    /// The terminal's attributes now (`tcgetattr(3)`).
    var attributes: termios {
        var attributes = termios()
        _ = tcgetattr(terminal, &attributes)
        return attributes
    }

    /// Whatever the program wrote so far, as text.
    var text: String { String(decoding: output, as: UTF8.self) }

    /// Types `text`.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Waits up to `milliseconds` for output, then reads what is waiting.
    func read(forMilliseconds milliseconds: Int32) {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var wait = milliseconds
        for _ in 0..<16 {
            guard poll(&descriptor, 1, wait) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output.append(contentsOf: buffer[0..<count])
            wait = 0
        }
    }

    /// Reads until `condition` holds for the output (`what`) of `program`,
    /// within `limit`, leaving out the time the program waits in the kernel
    /// (`KernelWait`); throws with the output so far when the limit runs out.
    func read(_ what: String, from program: Process, within limit: TestWait, until condition: (String) -> Bool) async throws {
        try await limit.until(
            what, detail: { "the terminal shows:\n\(text)" }, waitingInKernel: { KernelWait.holds(program.processIdentifier) }
        ) {
            read(forMilliseconds: 0)
            return condition(text)
        }
    }

    /// File handles on the terminal end for the program.
    var handle: FileHandle { FileHandle(fileDescriptor: terminal, closeOnDealloc: false) }
}
