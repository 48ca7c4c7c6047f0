import Synchronization

/// Watches a test client's cycles for gaps: JACK may skip frame time after an
/// xrun (`jack_last_frame_time` then jumps ahead), and a frame in a skipped
/// cycle can be neither sent nor received. Tests that need every frame retry
/// when this counts a gap.
///
/// A process thread that runs late can also read the server's timer when it
/// is already at the next cycle: from then on each cycle's frame time comes
/// a period ahead, until a cycle repeats the one before it. No frame was
/// skipped, but what those cycles sent went out a period early, and what
/// they received was stamped a period late; both count as gaps here, and
/// `begin` says when the repeat shows them.
struct JackCycleWatch: ~Copyable {
    /// First frame of the latest finished cycle, -1 before the first.
    let lastStart = Atomic<Int64>(-1)
    /// Cycles whose start was not the previous cycle's end.
    let gaps = Atomic<Int>(0)
    /// Of those, cycles that repeated the one before (`Step.repeated`):
    /// each ends a run of cycles read a period ahead, whose jump is a gap too.
    let repeats = Atomic<Int>(0)
    /// Process thread only.
    var expectedStart: Int64 = -1

    /// How a cycle's frame time follows the previous cycle's.
    enum Step: Equatable {
        /// Where the previous cycle ended.
        case inStep
        /// Later: cycles were skipped, or from here frame times come a period ahead.
        case jumped
        /// The same as the previous cycle's: the cycles since the latest jump
        /// had their frame times a period ahead.
        case repeated
    }

    /// Realtime: compares with the previous cycle's end.
    @_noLocks @_noAllocation @discardableResult
    mutating func begin(start: Int64, frames: UInt32) -> Step {
        let period = Int64(truncatingIfNeeded: frames)
        let step: Step = expectedStart < 0 || start == expectedStart ? .inStep : start == expectedStart - period ? .repeated : .jumped
        if step != .inStep {
            gaps.add(1, ordering: .relaxed)
        }
        if step == .repeated {
            repeats.add(1, ordering: .relaxed)
        }
        expectedStart = start + period
        return step
    }

    /// Realtime: publishes the finished cycle.
    @_noLocks @_noAllocation
    func end(start: Int64) {
        lastStart.store(start, ordering: .releasing)
    }
}
