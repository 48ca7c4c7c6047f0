import TactusCore

/// The JACK transport as the driver read it at the start of a cycle, and as
/// the engine reports it to the control side.
public struct TransportSample: Hashable, Sendable, BitwiseCopyable {
    /// Rolling (`JackTransportRolling`); stopped and starting are not.
    public var rolling: Bool
    /// Transport frame (where the song is) at the cycle's first frame.
    public var frame: Int64
    /// Bar, beat and tick, when a timebase master gave them.
    public var bbt: TransportBBT?
    /// In the engine's reports: absolute frame minus transport frame of the
    /// grid the engine keeps on the transport (the report's `plan` names it;
    /// plan 0: none).
    public var offset: Int64

    @inlinable @_noLocks @_noAllocation
    public init(rolling: Bool, frame: Int64, bbt: TransportBBT? = nil, offset: Int64 = 0) {
        self.rolling = rolling
        self.frame = frame
        self.bbt = bbt
        self.offset = offset
    }

    /// Stopped at frame 0 without a timebase master.
    @inlinable public static var stopped: TransportSample {
        @_noLocks @_noAllocation get { TransportSample(rolling: false, frame: 0) }
    }

    /// Whether the master's tempo or meter differs from `other`'s.
    /// Realtime: compares plain values.
    @inlinable @_noLocks @_noAllocation
    public func hasOtherTiming(than other: TransportSample) -> Bool {
        switch (bbt, other.bbt) {
        case (nil, nil): return false
        case (let bbt?, let other?):
            return bbt.beatsPerMinute != other.beatsPerMinute || bbt.beatsPerBar != other.beatsPerBar
                || bbt.beatType != other.beatType || bbt.ticksPerBeat != other.ticksPerBeat
        default: return true
        }
    }
}
