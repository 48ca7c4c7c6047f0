import Glibc
import Synchronization
import TactusCore

/// The controlling terminal while the live view runs: keys arrive one by one
/// without echo, the cursor is hidden, and the view is redrawn in place on the
/// alternate screen.
///
/// `restore()` undoes all of it and may be called from any exit path, as
/// often as wanted: at the end, on an error, after SIGINT/SIGTERM (the
/// signal handler sets a flag; the control thread calls `restore()`), and from
/// `atexit`. It calls only `tcsetattr(3)` and `write(2)`, which are
/// async-signal-safe, on state saved by `enter(fd:)`.
public enum TerminalScreen {
    /// Attributes before `enter`, restored by `restore`.
    nonisolated(unsafe) private static var savedAttributes = termios()
    nonisolated(unsafe) private static var savedDescriptor: Int32 = -1
    private static let isActive = Atomic<Bool>(false)
    nonisolated(unsafe) private static var restoresAtExit = false

    /// Whether `fd` is a terminal (`isatty(3)`).
    public static func isTerminal(_ fd: Int32 = STDIN_FILENO) -> Bool {
        isatty(fd) == 1
    }

    /// Switches the terminal on `fd` to unbuffered, unechoed input with
    /// non-blocking reads (`tcgetattr(3)`/`tcsetattr(3)`; signals from Ctrl-C
    /// stay on), hides the cursor and enters the alternate screen. Registers
    /// `restore` with `atexit(3)`. Returns false, changing nothing, when `fd`
    /// is not a terminal.
    static func enter(fd: Int32 = STDIN_FILENO) -> Bool {
        guard isTerminal(fd), !isActive.load(ordering: .acquiring) else { return false }
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { return false }
        savedAttributes = attributes
        savedDescriptor = fd
        attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &attributes) == 0 else { return false }
        isActive.store(true, ordering: .releasing)
        if !restoresAtExit {
            restoresAtExit = true
            atexit { TerminalScreen.restore() }
        }
        StandardStreams.write(TerminalControl.entrySequence)
        return true
    }

    /// Puts the terminal back as `enter` found it; does nothing when not entered.
    static func restore() {
        guard isActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
        // TerminalControl.exitSequence as static bytes: nothing is allocated here.
        let exit: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        StandardStreams.write(UnsafeRawBufferPointer(start: exit.utf8Start, count: exit.utf8CodeUnitCount))
        var attributes = savedAttributes
        _ = tcsetattr(savedDescriptor, TCSANOW, &attributes)
    }

    /// Columns and rows of the terminal on `fd` (`ioctl(TIOCGWINSZ)`); 80 × 24
    /// when it cannot tell.
    public static func size(fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
        return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : 24)
    }

    /// Redraws the view in place.
    static func draw(_ lines: [String]) {
        StandardStreams.write(TerminalControl.redraw(lines, rows: size().rows))
    }

    /// The keys typed since the last call, without waiting. A closed or
    /// hung-up terminal reads as `quit`.
    static func readKeys(fd: Int32 = STDIN_FILENO) -> [LiveKey] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var bytes: [UInt8] = []
        while waitForKey(fd: fd, timeoutMs: 0) {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return LiveKey.keys(in: bytes) + [.quit] }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return LiveKey.keys(in: bytes)
    }

    /// Waits up to `timeoutMs` for a key (`poll(2)`); true when one is waiting
    /// or the terminal has gone. Returns early, false, when a signal
    /// interrupts the wait.
    static func waitForKey(fd: Int32 = STDIN_FILENO, timeoutMs: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, timeoutMs) > 0 && descriptor.revents & Int16(POLLIN | POLLHUP) != 0
    }

}
