import Glibc

/// `CLOCK_MONOTONIC` readings, for wall times and per-cycle costs.
enum Monotonic {
    /// Nanoseconds since an arbitrary start.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Sleeps until `seconds` after `start` (a reading of `nanoseconds()`).
    static func sleep(until seconds: Double, since start: UInt64) {
        while case let left = seconds - Double(nanoseconds() - start) / 1e9, left > 0 {
            usleep(UInt32(min(left, 1000) * 1e6))
        }
    }

    /// Checks `done` every `interval` µs until it holds (true) or `timeout` seconds have passed (false).
    static func poll(timeout: Double, every interval: UInt32, until done: () -> Bool) -> Bool {
        let deadline = nanoseconds() + UInt64(timeout * 1e9)
        while !done() {
            if nanoseconds() >= deadline { return false }
            usleep(interval)
        }
        return true
    }
}
