import CJack

/// What `jack_transport_query` reports: the transport state and position.
@frozen
public struct JackTransportPosition: Hashable, Sendable {
    public var state: JackTransportState
    /// Transport frame (not JACK frame time): where the song is.
    public var frame: UInt32
    public var frameRate: UInt32
    /// Bar, beat and tick, when a timebase master provides them.
    public var bbt: JackBBT?

    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    public init(state: JackTransportState, frame: UInt32, frameRate: UInt32, bbt: JackBBT?) {
        self.state = state
        self.frame = frame
        self.frameRate = frameRate
        self.bbt = bbt
    }
}
