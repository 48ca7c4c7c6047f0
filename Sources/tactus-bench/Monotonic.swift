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
}
