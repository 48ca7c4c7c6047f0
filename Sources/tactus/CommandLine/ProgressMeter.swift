import Foundation
import TactusCore
import TactusLive

/// Draws a `ProgressLine` on stderr, redrawn in place at most ten times a
/// second, while stdout and stderr are both a terminal and `--quiet` was
/// not given; otherwise it draws nothing. Work done within half a second
/// never shows a line. `finish()` wipes the line.
final class ProgressMeter {
    private var line: ProgressLine
    private let isShown: Bool
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var drawn = false

    static let interval = Duration.milliseconds(100)
    /// How long work runs before its line appears.
    static let delay = Duration.milliseconds(500)

    init(label: String, unit: String, total: Int, quiet: Bool = false) {
        line = ProgressLine(label: label, unit: unit, total: total)
        isShown = !quiet && TerminalScreen.isTerminal(STDOUT_FILENO) && TerminalScreen.isTerminal(STDERR_FILENO)
    }

    /// Shows `done` of `total` (for work whose size is learnt late).
    func update(_ done: Int, of total: Int) {
        line.total = total
        update(done)
    }

    /// Shows `done` of the total, unless the line was drawn less than `interval` ago.
    func update(_ done: Int) {
        guard isShown else { return }
        let now = ContinuousClock.now
        if now - started < Self.delay { return }
        if let lastDrawn, now - lastDrawn < Self.interval { return }
        lastDrawn = now
        let seconds = (now - started).inSeconds
        let width = TerminalScreen.size(fd: STDERR_FILENO).columns - 1
        FileHandle.standardError.write(Data(("\r" + line.text(done: done, elapsedSeconds: seconds, width: width) + "\u{1B}[K").utf8))
        drawn = true
    }

    /// Clears the line, so what follows starts on a clean one.
    func finish() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }

    deinit { finish() }
}
