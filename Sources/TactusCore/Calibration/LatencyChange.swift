/// JACK's latencies changing during a session (a connection made or removed,
/// a port's latency set anew): from `frame` on, hits are compensated with
/// `latency` instead of what was in force before.
public struct LatencyChange: Hashable, Sendable {
    /// Absolute frame from which `latency` is in force.
    public var frame: Int64
    public var latency: LatencyCompensation
}
