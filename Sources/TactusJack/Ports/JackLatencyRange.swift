/// A port's latency in frames (`jack_latency_range_t`): the least and most
/// over all paths through its connections.
public struct JackLatencyRange: Hashable, Sendable, CustomStringConvertible {
    public var min: UInt32
    public var max: UInt32

    /// `64` or `64...128` (frames).
    public var description: String {
        min == max ? "\(min)" : "\(min)...\(max)"
    }
}
