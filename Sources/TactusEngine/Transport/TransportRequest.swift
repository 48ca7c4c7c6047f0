/// What the engine asks of the JACK transport in a cycle; the driver carries
/// it out after the cycle, locate first, from the process thread.
public struct TransportRequest: Hashable, Sendable, BitwiseCopyable {
    /// Move the transport to this frame.
    public var locate: Int64?
    public var start: Bool
    public var stop: Bool

    @inlinable @_noLocks @_noAllocation
    init(locate: Int64? = nil, start: Bool = false, stop: Bool = false) {
        self.locate = locate
        self.start = start
        self.stop = stop
    }

    /// Nothing to do.
    @inlinable public static var none: TransportRequest {
        @_noLocks @_noAllocation get { TransportRequest() }
    }
}
