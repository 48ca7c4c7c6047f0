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

    /// How long a wait lets the process it waits for wait in the kernel,
    /// uncounted, before it ends.
    static let kernelWaitLimit = Duration.seconds(120)

    /// Polls `condition` every 5 ms until it holds; throws `TestWaitError`
    /// naming `what` (and `detail()`, what the waiter knows then) when the
    /// limit runs out first.
    ///
    /// A wait does not count the time, or the cycles, that pass while
    /// `waitingInKernel()` holds: a process in uninterruptible sleep (until
    /// its data is on disk, an fsync behind other writes on a busy machine;
    /// or for a lock of its memory map, for seconds) does no work of its
    /// own, and the limit measures its work (`KernelWait`).
    /// The wait says how long that was, and ends after `kernelWaitLimit` of it.
    /// Nor does it count the time the whole machine stood still
    /// (``MachineStill``): no process ran then, the one waited for neither.
    func until(
        _ what: String, detail: () -> String = { "" }, waitingInKernel: () -> Bool = { false }, _ condition: () throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let began = clock.now
        switch self {
        case .time(let limit):
            var account = TimeAccount(limit: limit, what: what)
            while try !condition() {
                try account.check(waitingInKernel: waitingInKernel(), detail: detail)
                try await Task.sleep(for: .milliseconds(5))
            }
        case .frames(let frames, let cycles):
            let first = cycles.cycleFrame
            var latest = first
            var movedAt = began
            var disk = KernelAccount(at: began, frame: first)
            let still = StillAccount()
            var stoodWhenMoved = Duration.zero
            while try !condition() {
                let now = cycles.cycleFrame
                try disk.poll(at: clock.now, frame: now, waiting: waitingInKernel(), what: what, detail: detail)
                if now - first - disk.frames >= frames {
                    // It may have come with the cycle that used the last frames.
                    if try condition() { return }
                    let seconds = String(format: "%.2f", Double(frames) / 48_000)
                    let extra = disk.frames > 0 ? " (and \(disk.frames) more while it waited \(disk.time) in the kernel)" : ""
                    throw TestWaitError(
                        "no \(what) within \(frames) frames (\(seconds) s) of \(cycles.cycleClockName)'s cycles\(extra), \(clock.now - began) on the wall clock"
                            + Self.suffix(detail()))
                }
                let stood = try still.time(what: what, detail: detail)
                if now != latest {
                    latest = now
                    movedAt = clock.now
                    stoodWhenMoved = stood
                } else if clock.now - movedAt - (stood - stoodWhenMoved) >= Self.stalled {
                    throw TestWaitError(
                        "no \(what): \(cycles.cycleClockName) ran no cycle for \(Self.stalled)\(still.said(stood))" + Self.suffix(detail()))
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// A limit on the wall clock that leaves out the time the process waited
    /// for spends in the kernel and the time the machine stands still: the
    /// account of every wait in time, whether it sleeps or blocks between checks.
    struct TimeAccount {
        let limit: Duration
        let what: String
        private let began = ContinuousClock.now
        private var disk: KernelAccount
        private let still = StillAccount()

        init(limit: Duration, what: String) {
            self.limit = limit
            self.what = what
            disk = KernelAccount(at: began, frame: 0)
        }

        /// Counts the time since the last check, as the kernel's when
        /// `waitingInKernel`; throws `TestWaitError` naming `what` (and
        /// `detail()`) once the limit is used up.
        mutating func check(waitingInKernel: Bool, detail: () -> String) throws {
            try disk.poll(at: .now, frame: 0, waiting: waitingInKernel, what: what, detail: detail)
            let stood = try still.time(what: what, detail: detail)
            guard disk.polledAt - began - disk.time - stood < limit else {
                let extra = (disk.time > .zero ? " (and \(disk.time) more while it waited in the kernel)" : "") + still.said(stood)
                throw TestWaitError("no \(what) within \(limit)\(extra)" + TestWait.suffix(detail()))
            }
        }
    }

    /// The time, and the cycles' frames, that passed while the process waited
    /// in the kernel, between the polls that found it waiting.
    private struct KernelAccount {
        var polledAt: ContinuousClock.Instant
        var frame: Int64
        var time = Duration.zero
        var frames: Int64 = 0

        init(at instant: ContinuousClock.Instant, frame: Int64) {
            polledAt = instant
            self.frame = frame
        }

        /// Counts the span since the last poll when `waiting`; throws once
        /// the kernel has held the process for `kernelWaitLimit`.
        mutating func poll(at instant: ContinuousClock.Instant, frame now: Int64, waiting: Bool, what: String, detail: () -> String) throws {
            if waiting {
                time += instant - polledAt
                frames += now - frame
                guard time < TestWait.kernelWaitLimit else {
                    throw TestWaitError("no \(what): the process waited \(time) in the kernel" + TestWait.suffix(detail()))
                }
            }
            polledAt = instant
            frame = now
        }
    }

    /// The time the machine stood still since the wait began.
    struct StillAccount {
        let atStart = MachineStill.total

        /// Throws once it has stood still for `MachineStill.limit`.
        func time(what: String, detail: () -> String) throws -> Duration {
            let stood = MachineStill.total - atStart
            guard stood < MachineStill.limit else {
                throw TestWaitError("no \(what): the machine stood still for \(stood)" + TestWait.suffix(detail()))
            }
            return stood
        }

        /// What a wait that ran out says of it.
        func said(_ stood: Duration) -> String {
            stood > .zero ? " (and \(stood) more while the machine stood still)" : ""
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
