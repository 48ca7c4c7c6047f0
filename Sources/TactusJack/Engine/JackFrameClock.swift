/// Extends JACK's 32-bit frame time, which wraps after 2³² frames (about 25
/// hours at 48 kHz), to the 64-bit absolute frames tactus computes with.
///
/// Feed it ``JackRealtime/lastFrameTime(_:)`` once per cycle (at least once
/// every 2³¹ frames); each time the value goes down, another 2³² is added.
@frozen
public struct JackFrameClock: Sendable {
    @usableFromInline var epoch: Int64 = 0
    /// The frame time last extended (nil before the first).
    @usableFromInline var previous: UInt32?

    /// Realtime: stores nothing but zeros.
    @inlinable @_noLocks @_noAllocation
    public init() {}

    /// Realtime: integer arithmetic only. The 64-bit frame for `frameTime`.
    @inlinable @_noLocks @_noAllocation
    public mutating func extend(_ frameTime: UInt32) -> Int64 {
        if let previous, frameTime < previous {
            epoch += 1 << 32
        }
        previous = frameTime
        return epoch + Int64(truncatingIfNeeded: frameTime)
    }
}
