/// What a cycle hands the engine beside its buffers and commands, and what
/// the engine hands back beside its audio, MIDI and reports: the one
/// contract of a cycle, filled the same way by the JACK driver and by the
/// offline driver.
public struct EngineCycle: Sendable, BitwiseCopyable {
    /// The transport at the cycle's first frame, as the driver read it; nil
    /// when it was not read (nothing leads or follows it and no command
    /// came), which keeps the sample read last.
    public var transport: TransportSample?
    /// Xruns new since the last cycle (nil: none), reported after the
    /// cycle's own reports at `frame`: where the cycles stopped running.
    public var xruns: (count: Int, frame: Int64)?
    /// What the engine asks of the transport; the driver carries it out
    /// after the cycle, locate first.
    public var transportRequest: TransportRequest

    @inlinable @_noLocks @_noAllocation
    public init(transport: TransportSample? = nil, xruns: (count: Int, frame: Int64)? = nil) {
        self.transport = transport
        self.xruns = xruns
        transportRequest = .none
    }
}
