import Foundation
import Glibc

/// A pseudo-terminal pair (`posix_openpt(3)`) for running a program as if a
/// person sat at it: the program gets the terminal end (`handle`, or
/// `terminal` for `posix_spawn`), and what it draws is read on the other end,
/// where keys are typed too.
///
/// What it draws is read either on demand (`read(forMilliseconds:)`, for a
/// test that waits for a picture) or by a thread of its own from
/// `readInBackground(keeping:)` until `finish()`, so a program that draws for
/// minutes never blocks on a full terminal; that thread keeps the bytes, or
/// only counts them.
public final class PseudoTerminal: @unchecked Sendable {
    public let controller: Int32
    public let terminal: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var count = 0
    private var finished = false
    private var reader: DispatchSemaphore?

    /// Opens a pair of `columns` × `rows`; `raw` sets the terminal end to raw
    /// mode (`cfmakeraw(3)`), so bytes pass unchanged.
    public init(columns: UInt16 = 80, rows: UInt16 = 24, raw: Bool = false) throws {
        guard let posix = Self.posix else {
            throw TactusBinaryError("the C library has no posix_openpt, grantpt, unlockpt or ptsname")
        }
        controller = posix.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard controller >= 0, posix.grantpt(controller) == 0, posix.unlockpt(controller) == 0,
              let name = posix.ptsname(controller) else {
            throw TactusBinaryError("cannot open a pseudo-terminal (/dev/ptmx): \(String(cString: strerror(errno)))")
        }
        terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            throw TactusBinaryError("cannot open \(String(cString: name)): \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
        if raw {
            var attributes = termios()
            tcgetattr(terminal, &attributes)
            cfmakeraw(&attributes)
            tcsetattr(terminal, TCSANOW, &attributes)
        }
    }

    deinit {
        finish()
        close(controller)
        close(terminal)
    }

    /// The POSIX pseudo-terminal calls, which Swift's Glibc module leaves
    /// out (they need `_XOPEN_SOURCE`): looked up in the C library.
    private struct Calls {
        let openpt: @convention(c) (Int32) -> Int32
        let grantpt: @convention(c) (Int32) -> Int32
        let unlockpt: @convention(c) (Int32) -> Int32
        let ptsname: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    }

    private static let posix: Calls? = {
        let library = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(library, "posix_openpt"), let grantpt = dlsym(library, "grantpt"),
              let unlockpt = dlsym(library, "unlockpt"), let ptsname = dlsym(library, "ptsname") else { return nil }
        return Calls(
            openpt: unsafeBitCast(openpt, to: (@convention(c) (Int32) -> Int32).self),
            grantpt: unsafeBitCast(grantpt, to: (@convention(c) (Int32) -> Int32).self),
            unlockpt: unsafeBitCast(unlockpt, to: (@convention(c) (Int32) -> Int32).self),
            ptsname: unsafeBitCast(ptsname, to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self))
    }()

    /// A file handle on the terminal end, for the program's stdin, stdout or stderr.
    public var handle: FileHandle { FileHandle(fileDescriptor: terminal, closeOnDealloc: false) }

    /// The terminal's attributes now (`tcgetattr(3)`).
    public var attributes: termios {
        var attributes = termios()
        _ = tcgetattr(terminal, &attributes)
        return attributes
    }

    /// What was read and kept so far.
    public var output: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return bytes
    }

    /// What was read and kept so far, as text.
    public var text: String { String(decoding: output, as: UTF8.self) }

    /// Bytes read so far, kept or not.
    public var bytesRead: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Types `text`.
    public func type(_ text: String) {
        var typed = Array(text.utf8)
        _ = typed.withUnsafeMutableBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Waits up to `milliseconds` for output, then reads what is waiting
    /// (up to 1 MiB) and keeps it.
    public func read(forMilliseconds milliseconds: Int32) {
        var wait = milliseconds
        for _ in 0..<16 {
            guard readOnce(waiting: wait, keeping: true) else { return }
            wait = 0
        }
    }

    /// Reads on a thread of its own until `finish()`, keeping what it reads
    /// or only counting it.
    public func readInBackground(keeping: Bool) {
        let done = DispatchSemaphore(value: 0)
        reader = done
        Thread.detachNewThread { [self] in
            while true {
                if readOnce(waiting: 50, keeping: keeping) { continue }
                lock.lock()
                let stop = finished
                lock.unlock()
                if stop { break }
            }
            done.signal()
        }
    }

    /// Stops the background reader once nothing more is waiting (call it
    /// after the program has exited, or it reads for as long as the program
    /// draws) and waits for it.
    public func finish() {
        lock.lock()
        finished = true
        lock.unlock()
        reader?.wait()
        reader = nil
    }

    /// Reads once what is waiting within `milliseconds`; false when nothing came.
    private func readOnce(waiting milliseconds: Int32, keeping: Bool) -> Bool {
        var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let read = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
        guard read > 0 else { return false }
        lock.lock()
        count += read
        if keeping { bytes += buffer[0..<read] }
        lock.unlock()
        return true
    }
}
