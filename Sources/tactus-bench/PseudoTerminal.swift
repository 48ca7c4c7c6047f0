import Foundation
import Glibc
import Synchronization

/// A pseudo-terminal for a child that should believe it talks to a person
/// (`tactus run` draws its live view only on a terminal). The child gets
/// the terminal side as stdin and stdout; a thread here reads and discards
/// what it draws, so it never blocks on a full terminal, and counts the
/// bytes. The terminal keeps the size a new one has (0 × 0), so tactus
/// draws for 80 × 24.
final class PseudoTerminal: @unchecked Sendable {
    /// The terminal side, held open here so that reading the other side
    /// waits for output instead of failing before the child has started.
    let terminal: Int32
    private let controller: Int32
    private let bytes = Counter()
    private let reader: Thread

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// `TIOCSPTLCK` and `TIOCGPTN` from <asm-generic/ioctls.h>, which Swift
    /// does not import (glibc's posix_openpt and friends are hidden too).
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    init() throws {
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: CInt = 0
        var number: CInt = 0
        guard controller >= 0, ioctl(controller, Self.unlockRequest, &unlock) == 0,
              ioctl(controller, Self.numberRequest, &number) == 0
        else {
            throw BenchError("cannot open a pseudo-terminal (/dev/ptmx) for the live view: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            throw BenchError("cannot open \(name) for the live view: \(String(cString: strerror(errno)))")
        }
        self.controller = controller
        self.terminal = terminal
        let counter = bytes
        reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if count > 0 {
                    counter.value.wrappingAdd(count, ordering: .relaxed)
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break  // EIO once no process holds the terminal side any more
                }
            }
            Glibc.close(controller)
        }
        reader.start()
    }

    /// Bytes the child has written to the terminal so far.
    var bytesDrawn: Int { bytes.value.load(ordering: .relaxed) }

    /// Closes this side's hold on the terminal: once the child has exited
    /// too, the reading thread sees the end and stops.
    func close() {
        Glibc.close(terminal)
    }
}
