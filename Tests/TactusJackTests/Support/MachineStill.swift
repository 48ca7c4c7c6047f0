import Foundation
import Glibc
import Synchronization

/// The time this machine stood still: when not even a thread at real-time
/// priority ran (a virtual machine's host that stops it; its kernel then
/// logs "BUG: workqueue lockup … stuck for 44s" and "rcu_preempt kthread
/// starved"). A thread of the test process sleeps 10 ms at a time, at
/// real-time priority where it may (as root; elsewhere as any thread), and
/// counts every wake-up `threshold` or more late. Waits on time leave that
/// time out (``TestWait``, ``UDPPeer``): their limits measure the time the
/// machine ran, as their waits on frames measure its cycles.
enum MachineStill {
    /// A wake-up this late means the machine stood still; a loaded machine
    /// wakes a real-time thread within milliseconds.
    static let threshold = Duration.milliseconds(500)
    /// Longer than this and a wait ends saying so.
    static let limit = Duration.seconds(300)

    private static let stoodNanoseconds = Atomic<Int64>(0)
    private static let watching: Bool = {
        let thread = Thread {
            var priority = sched_param()
            priority.sched_priority = 10
            _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &priority)
            let period: Int64 = 10_000_000
            let late = Int64(threshold.components.attoseconds / 1_000_000_000) + threshold.components.seconds * 1_000_000_000
            var last = now()
            while true {
                usleep(UInt32(period / 1000))
                let woke = now()
                if woke - last - period >= late { stoodNanoseconds.add(woke - last - period, ordering: .relaxed) }
                last = woke
            }
        }
        thread.name = "machine-still"
        thread.start()
        return true
    }()

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// All the time the machine has stood still since the first call.
    static var total: Duration {
        _ = watching
        return .nanoseconds(stoodNanoseconds.load(ordering: .relaxed))
    }
}
