#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's own CPU time (`CLOCK_THREAD_CPUTIME_ID`): time the
/// thread spent running, not time it waited while preempted or its virtual
/// CPU was taken away. Around a process cycle it tells tactus's work apart
/// from the scheduler's delays, with one exception: a kernel built without
/// IRQ time accounting also charges the interrupts it handled meanwhile.
public enum ThreadCPUClock {
    /// Realtime: one `clock_gettime`, no locks or allocation; 0 if the
    /// clock is unavailable.
    @inlinable @_noLocks @_noAllocation
    public static func microseconds() -> Int {
        _unsafePerformance {
            var time = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
            return time.tv_sec &* 1_000_000 &+ time.tv_nsec / 1000
        }
    }
}
