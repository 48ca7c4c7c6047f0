import TactusCore

/// The engine's report of a change of the JACK transport.
public struct TransportReport: Hashable, Sendable, BitwiseCopyable {
    /// The cycle's first frame (absolute).
    public var frame: Int64
    /// The transport at that cycle; its `offset` is absolute frame minus
    /// transport frame of the grid the engine keeps on the transport.
    public var sample: TransportSample
    /// The plan the grid on the transport follows (0: none).
    public var plan: Int32
    /// The latest plan the engine was given, whether it still holds it or a
    /// relocation dropped it (0: none yet). With `plan` 0 it tells a grid
    /// dropped after the latest plan arrived from a report older than it.
    public var latestPlan: Int32

    @inlinable @_noLocks @_noAllocation
    init(frame: Int64, sample: TransportSample, plan: Int32 = 0, latestPlan: Int32? = nil) {
        self.frame = frame
        self.sample = sample
        self.plan = plan
        self.latestPlan = latestPlan ?? plan
    }
}
