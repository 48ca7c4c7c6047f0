import Foundation

/// How long a test waits for something, and the one way it waits: every
/// wait names what it waits for, and throws saying so when its limit runs out.
///
/// What happens in musical time (a bar played, a session's end, a click
/// heard) is waited for in frames of the server's cycles: a loaded machine
/// slows a synchronous server's cycles, and with them everything that
/// follows them, so a wall-clock limit would judge the machine, not tactus.
/// What happens outside the cycles (a process starting, a connection made,
/// a file written) is waited for in time.
enum TestWait {
    /// Wall-clock time.
    case time(Duration)
    /// Frames of the cycles `clock` counts (a server's, or a test client's)
    /// from the start of the wait. Cycles that stop for ``stalled`` mean a
    /// stopped server, and the wait says so.
    case frames(Int64, of: any JackCycleClock)

    /// How long a server may run no cycle before a wait on its frames ends.
    static let stalled = Duration.seconds(30)

    /// How long a wait on frames lets the process it waits for wait for the
    /// disk, uncounted, before it ends.
    static let diskWaitLimit = Duration.seconds(120)

    /// Polls `condition` every 5 ms until it holds; throws `TestWaitError`
    /// naming `what` (and `detail()`, what the waiter knows then) when the
    /// limit runs out first.
    ///
    /// A wait does not count the time, or the cycles, that pass while
    /// `waitingForDisk()` holds: a process blocked in the kernel until its
    /// data is on disk (an fsync behind other writes on a busy machine, for
    /// seconds) does no work of its own, and the limit measures its work.
    /// The wait says how long that was, and ends after `diskWaitLimit` of it.
    func until(
        _ what: String, detail: () -> String = { "" }, waitingForDisk: () -> Bool = { false }, _ condition: () throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let began = clock.now
        switch self {
        case .time(let limit):
            var diskWait = Duration.zero
            var polledAt = began
            while try !condition() {
                let polled = clock.now
                if waitingForDisk() {
                    diskWait += polled - polledAt
                    guard diskWait < Self.diskWaitLimit else {
                        throw TestWaitError("no \(what): the process waited \(diskWait) for the disk" + Self.suffix(detail()))
                    }
                }
                polledAt = polled
                guard polled - began - diskWait < limit else {
                    let disk = diskWait > .zero ? " (and \(diskWait) more while it waited for the disk)" : ""
                    throw TestWaitError("no \(what) within \(limit)\(disk)" + Self.suffix(detail()))
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        case .frames(let frames, let cycles):
            let first = cycles.cycleFrame
            var latest = first
            var movedAt = began
            var previous = first
            var uncounted: Int64 = 0
            var diskWait = Duration.zero
            var polledAt = began
            while try !condition() {
                let now = cycles.cycleFrame
                let polled = clock.now
                if waitingForDisk() {
                    uncounted += now - previous
                    diskWait += polled - polledAt
                    guard diskWait < Self.diskWaitLimit else {
                        throw TestWaitError("no \(what): the process waited \(diskWait) for the disk" + Self.suffix(detail()))
                    }
                }
                previous = now
                polledAt = polled
                if now - first - uncounted >= frames {
                    // It may have come with the cycle that used the last frames.
                    if try condition() { return }
                    let seconds = String(format: "%.2f", Double(frames) / 48_000)
                    let disk = uncounted > 0 ? " (and \(uncounted) more while it waited \(diskWait) for the disk)" : ""
                    throw TestWaitError(
                        "no \(what) within \(frames) frames (\(seconds) s) of \(cycles.cycleClockName)'s cycles\(disk), \(clock.now - began) on the wall clock"
                            + Self.suffix(detail()))
                }
                if now != latest {
                    latest = now
                    movedAt = clock.now
                } else if clock.now - movedAt >= Self.stalled {
                    throw TestWaitError("no \(what): \(cycles.cycleClockName) ran no cycle for \(Self.stalled)" + Self.suffix(detail()))
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    private static func suffix(_ detail: String) -> String {
        detail.isEmpty ? "" : "; " + detail
    }
}

/// What counts the cycles a wait on frames is measured in.
protocol JackCycleClock {
    /// The first frame of the latest cycle (the test servers all run at 48 kHz).
    var cycleFrame: Int64 { get }
    /// Who runs the cycles, for a wait that says they stopped.
    var cycleClockName: String { get }
}

/// A wait that ran out: what was waited for, the limit, and what the waiter knew.
struct TestWaitError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
