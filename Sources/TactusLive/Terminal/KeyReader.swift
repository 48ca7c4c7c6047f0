import Foundation
import Synchronization
import TactusCore

/// Reads the live view's keys on a thread of its own, which sleeps in
/// `poll(2)` until the terminal has input, and wakes the control loop when
/// keys arrive, so the loop never polls the terminal. A closed or hung-up
/// terminal reads as `quit`, after which the thread ends. It is the only
/// reader of the terminal while it runs: a second reader would race it for
/// each key, and the keys it took would wait here unseen.
final class KeyReader: @unchecked Sendable {
    private let keys = Mutex<[LiveKey]>([])
    private let wake: Mutex<@Sendable () -> Void>
    /// Written once by `stop()`; the thread polls its read end with stdin.
    private let stopPipe: (read: Int32, write: Int32)
    private let fd: Int32

    /// Starts reading `fd`; `wake` is called (on the reading thread) after
    /// keys arrived.
    init(fd: Int32 = STDIN_FILENO, wake: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.wake = Mutex(wake)
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        stopPipe = (ends[0], ends[1])
        let thread = Thread { [self] in
            self.read()
        }
        thread.name = "tactus keys"
        thread.start()
    }

    /// Calls `action` instead after keys arrive from now on (the loop waits
    /// on a new JACK client after the server came back).
    func onKeys(_ action: @escaping @Sendable () -> Void) {
        wake.withLock { $0 = action }
    }

    private func read() {
        while true {
            var descriptors = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { break }
            if descriptors[0].revents & Int16(POLLERR | POLLNVAL) != 0 { break }
            let typed = TerminalScreen.readKeys(fd: fd)
            guard !typed.isEmpty else { continue }
            keys.withLock { $0 += typed }
            wake.withLock { $0 }()
            if typed.contains(.quit) { break }
        }
        close(stopPipe.read)
    }

    /// Takes the keys typed since the last call.
    func drain() -> [LiveKey] {
        keys.withLock { keys in
            defer { keys = [] }
            return keys
        }
    }

    /// Ends the thread (it may finish shortly after this returns).
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
    }
}
