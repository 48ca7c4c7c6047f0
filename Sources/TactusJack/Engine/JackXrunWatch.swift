/// Stamps the xruns JACK reports with the frame they happened at. JACK's
/// xrun callback only counts (`JackClientSignals.xruns`); the process
/// callback reads the count once a cycle and, when it went up, stamps the new
/// xruns at the first frame after the last cycle that ran before it: the
/// previous cycle's end, which is this cycle's start unless cycles were
/// skipped, then the start of the gap. The frames come from the cycle
/// counter (`jack_last_frame_time`, extended), not the control loop's clock.
public struct JackXrunWatch: Hashable, Sendable {
    /// The count already stamped.
    public private(set) var seen: Int

    /// Realtime: stores a count.
    @_noLocks @_noAllocation
    public init(seen: Int = 0) {
        self.seen = seen
    }

    /// The xruns new since the last call, and the frame they happened at,
    /// for a cycle starting at `cycleStart` when the one before ended at
    /// `expectedStart` (negative before the first cycle); nil when none.
    /// Realtime: compares and stores integers.
    @_noLocks @_noAllocation
    public mutating func newXruns(count: Int, cycleStart: Int64, expectedStart: Int64) -> (count: Int, frame: Int64)? {
        guard count > seen else { return nil }
        let new = count &- seen
        seen = count
        return (new, expectedStart >= 0 ? expectedStart : cycleStart)
    }
}
