import Synchronization

/// Watches a test client's cycles for gaps: JACK may skip frame time after an
/// xrun (`jack_last_frame_time` then jumps ahead), and a frame in a skipped
/// cycle can be neither sent nor received. Tests that need every frame retry
/// when this counts a gap.
///
/// A process thread that runs late can also read the server's timer when it
/// is already at the next cycle: that cycle's frame time comes a period
/// ahead and the next cycle's repeats it. No frame was skipped, but what the
/// cycle sent went out a period early, and what it received is stamped a
/// period late until the repetition shows it (`begin` then says so).
struct JackCycleWatch: ~Copyable {
    /// First frame of the latest finished cycle, -1 before the first.
    let lastStart = Atomic<Int64>(-1)
    /// Cycles whose start was not the previous cycle's end.
    let gaps = Atomic<Int>(0)
    /// Of those, the ones a frame time read a period ahead made, though no
    /// frame was skipped: the repeat after it, and the cycle itself when it
    /// came right after the one before.
    let readAheadGaps = Atomic<Int>(0)
    /// Process thread only.
    var expectedStart: Int64 = -1
    var previousStart: Int64 = -1
    var previousOnePeriodAhead = false

    /// Realtime: compares with the previous cycle's end. True when the
    /// previous cycle's frame time was read a period ahead: `start` repeats it.
    @_noLocks @_noAllocation @discardableResult
    mutating func begin(start: Int64, frames: UInt32) -> Bool {
        let period = Int64(truncatingIfNeeded: frames)
        let repeated = previousStart >= 0 && start == previousStart
        if repeated {
            readAheadGaps.add(previousOnePeriodAhead ? 2 : 1, ordering: .relaxed)
        }
        if expectedStart >= 0, start != expectedStart {
            gaps.add(1, ordering: .relaxed)
        }
        previousOnePeriodAhead = !repeated && expectedStart >= 0 && start == expectedStart + period
        previousStart = start
        expectedStart = start + period
        return repeated
    }

    /// Realtime: publishes the finished cycle.
    @_noLocks @_noAllocation
    func end(start: Int64) {
        lastStart.store(start, ordering: .releasing)
    }
}
