import Foundation
import Glibc
import Synchronization

/// The time this machine stood still, whole or in part: when not even a
/// thread at real-time priority ran on one of its processors. A virtual
/// machine's host can stop one virtual processor, or all of them, for
/// seconds or a minute; its kernel logs the long ones ("BUG: workqueue
/// lockup … stuck for 41s", "rcu_preempt kthread starved") and nothing under
/// about 20 s. A task queued on a stopped processor, or waiting for a lock
/// held by one, waits as long, whichever process it belongs to. So the test
/// process keeps a thread on each processor, pinned there, at real-time
/// priority where it may (as root; elsewhere as any thread), sleeping 10 ms
/// at a time and counting every wake-up `threshold` or more late; the time
/// any of them stood still (counted once where they overlap) is what waits
/// on time leave out (``TestWait``, ``UDPPeer``): their limits measure the
/// time the machine ran, as their waits on frames measure its cycles.
enum MachineStill {
    /// A wake-up this late means the processor stood still; a loaded
    /// machine wakes a real-time thread within milliseconds.
    static let threshold = Duration.milliseconds(500)
    /// Longer than this and a wait ends saying so.
    static let limit = Duration.seconds(300)

    /// The stood-still time counted so far, and the instant it is counted up to.
    private static let account = Mutex<(total: Int64, until: Int64)>((0, 0))

    private static let watching: Bool = {
        let processors = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        for processor in 0..<processors { watch(processor: processor) }
        return true
    }()

    private static func watch(processor: Int) {
        let thread = Thread {
            var mask = [UInt64](repeating: 0, count: 16)
            mask[processor / 64] |= 1 << UInt64(processor % 64)
            mask.withUnsafeBytes { bytes in
                if let pin = setAffinity, let base = bytes.baseAddress { _ = pin(0, bytes.count, base) }
            }
            var priority = sched_param()
            priority.sched_priority = 10
            _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &priority)
            let period: Int64 = 10_000_000
            let late = Int64(threshold.components.attoseconds / 1_000_000_000) + threshold.components.seconds * 1_000_000_000
            var last = now()
            while true {
                usleep(UInt32(period / 1000))
                let woke = now()
                if woke - last - period >= late { count(from: last + period, to: woke) }
                last = woke
            }
        }
        thread.name = "machine-still-\(processor)"
        thread.start()
    }

    /// glibc's `sched_setaffinity` (a GNU extension the Swift module leaves
    /// out): pins the calling thread to the processors of a mask.
    private static let setAffinity: (@convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32).self)
    }()

    /// Adds the part of [start, end) not counted yet.
    private static func count(from start: Int64, to end: Int64) {
        account.withLock { account in
            let from = max(start, account.until)
            if end > from { account.total += end - from }
            account.until = max(account.until, end)
        }
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// All the time the machine has stood still since the first call.
    static var total: Duration {
        _ = watching
        return .nanoseconds(account.withLock { $0.total })
    }
}
