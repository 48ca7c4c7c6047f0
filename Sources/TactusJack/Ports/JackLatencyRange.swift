import CJack

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

extension JackLatencyRange {
    /// The `mode` latency of `port`, a `jack_port_t *` (`jack_port_get_latency_range`).
    init(_ port: OpaquePointer, mode: JackLatencyMode) {
        var range = jack_latency_range_t()
        jack_port_get_latency_range(port, mode.rawValue, &range)
        self.init(min: range.min, max: range.max)
    }

    /// The smallest `min` and the largest `max` of this range and `other`.
    func joined(with other: JackLatencyRange) -> JackLatencyRange {
        JackLatencyRange(min: Swift.min(min, other.min), max: Swift.max(max, other.max))
    }
}
