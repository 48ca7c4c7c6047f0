import Synchronization

/// Where a client's cycles start, in 64-bit frames: JACK's 32-bit frame time
/// extended (``JackFrameClock``), each cycle that does not start where the
/// last one ended (an xrun, a skipped cycle) counted, and the latest start
/// published to the control side. Lives in a process callback's state, which
/// calls ``start(_:)`` first and ``finish(_:frames:)`` last in every cycle.
struct JackCycleClock: ~Copyable {
    private var frameClock = JackFrameClock()
    /// Process thread only: where the next cycle should start, -1 before the first.
    private(set) var expectedStart: Int64 = -1
    /// Cycles that did not start where the previous one ended.
    let skipped = Atomic<Int>(0)
    /// The latest cycle's first frame, -1 before the first.
    private let lastStart = Atomic<Int64>(-1)

    init() {}

    /// Realtime: this cycle's first frame (`jack_last_frame_time`, extended);
    /// counts the cycle in ``skipped`` when it does not follow on.
    @_noLocks @_noAllocation
    mutating func start(_ client: JackClientHandle) -> Int64 {
        let start = frameClock.extend(JackRealtime.lastFrameTime(client))
        if expectedStart >= 0 && expectedStart != start {
            skipped.wrappingAdd(1, ordering: .relaxed)
        }
        return start
    }

    /// Realtime: the cycle that started at `start` is done: the next should
    /// start `frames` later, and the control side may read it.
    @_noLocks @_noAllocation
    mutating func finish(_ start: Int64, frames: UInt32) {
        expectedStart = start &+ Int64(truncatingIfNeeded: frames)
        lastStart.store(start, ordering: .releasing)
    }

    /// The latest finished cycle's first frame, or nil before the first.
    var lastCycleStart: Int64? {
        let start = lastStart.load(ordering: .acquiring)
        return start < 0 ? nil : start
    }
}
