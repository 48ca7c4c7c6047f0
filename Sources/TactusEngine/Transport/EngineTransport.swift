import TactusCore

/// The engine's side of the JACK transport: what the driver read this cycle,
/// what the engine asks of it, and the state of leading (timebase master) or
/// following it.
///
/// Leading: transport frame f is absolute frame `originFrame + f`, so the
/// transport's frame 0 is tactus' bar 1. The engine asks for the transport to
/// be located and started `startLeadCycles` cycles ahead, so that it rolls on
/// the cycle where the frames agree, and stopped when playing stops.
///
/// Following: the control side loads a grid planned from the master's
/// position and "arms" it with the offset (absolute minus transport frame) it
/// was planned for. From then on the engine keeps that grid on the transport
/// itself: when the transport rolls it moves the grid by however long it
/// stood still and plays from the first cycle; when it stops the click stops
/// in that cycle. A relocation disarms the grid until the control side plans
/// the new position.
public struct EngineTransport: Hashable, Sendable, BitwiseCopyable {
    /// The transport at this cycle's first frame, from the cycle (`EngineCycle.transport`).
    public internal(set) var now: TransportSample
    public internal(set) var leading: Bool
    public internal(set) var following: Bool
    /// Following: the offset of the grid armed on the transport (nil: none
    /// is), planned as `generation` (the latest plan given, armed or not).
    public internal(set) var offset: Int64?
    public internal(set) var generation: Int32
    /// Following: clock ticks run from the roll, before bar 1 (song position sent).
    @usableFromInline var clockFromRoll: Bool
    /// The transport in the cycle before (nil before the first), and that cycle's first frame.
    @usableFromInline var previous: TransportSample?
    @usableFromInline var previousCycleStart: Int64
    /// Following: frame time in the latest cycle was this far from the
    /// transport, not `offset`; the cycle was placed by the transport.
    @usableFromInline var heldOffset: Int64?
    /// The transport as last reported; nil before the first report.
    @usableFromInline var reported: TransportSample?
    /// Leading: the transport was asked to roll for the grid with this
    /// origin (nil: it was not, or was asked to stop since).
    @usableFromInline var requestedOrigin: Int64?
    @usableFromInline var wasPlaying: Bool

    /// Cycles between asking JACK (jackd 1.9) to locate and start from the
    /// process thread and the first cycle that rolls from the located frame.
    @inlinable public static var startLeadCycles: Int64 {
        @_noLocks @_noAllocation get { 3 }
    }

    init() {
        now = .stopped
        leading = false
        following = false
        offset = nil
        generation = 0
        clockFromRoll = false
        previous = nil
        previousCycleStart = 0
        heldOffset = nil
        reported = nil
        requestedOrigin = nil
        wasPlaying = false
    }
}
