import Synchronization

/// Watches a test client's cycles for gaps: JACK may skip frame time after an
/// xrun (`jack_last_frame_time` then jumps ahead), and a frame in a skipped
/// cycle can be neither sent nor received. Tests that need every frame retry
/// when this counts a gap.
struct JackCycleWatch: ~Copyable {
    /// First frame of the latest finished cycle, -1 before the first.
    let lastStart = Atomic<Int64>(-1)
    /// Cycles whose start was not the previous cycle's end.
    let gaps = Atomic<Int>(0)
    /// Process thread only.
    var expectedStart: Int64 = -1

    /// Realtime: compares with the previous cycle's end.
    @_noLocks @_noAllocation
    mutating func begin(start: Int64, frames: UInt32) {
        if expectedStart >= 0, start != expectedStart {
            gaps.add(1, ordering: .relaxed)
        }
        expectedStart = start + Int64(truncatingIfNeeded: frames)
    }

    /// Realtime: publishes the finished cycle.
    @_noLocks @_noAllocation
    func end(start: Int64) {
        lastStart.store(start, ordering: .releasing)
    }
}
