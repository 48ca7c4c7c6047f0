import CJack

extension JackClient {
    /// The capture latency of what feeds the input port `port`, in frames:
    /// for each port connected to it, JACK's capture latency range
    /// (`jack_port_get_latency_range`, `JackCaptureLatency`: frames since
    /// its data entered the graph), joined with the range JACK propagated to
    /// `port` itself; `0` when nothing is connected. Works for any input
    /// port of this client: `tactus:input`, a player's port.
    ///
    /// Reread it when ``graphOrderCount`` or ``latencyChangeCount`` changes;
    /// not from JACK's callbacks.
    public func captureLatency(feeding port: JackPort) -> JackLatencyRange {
        joinedLatency(of: port, mode: .capture)
    }

    /// The playback latency of the path leaving the output port `port`, in
    /// frames: for each port it is connected to, JACK's playback latency
    /// range (`JackPlaybackLatency`: frames until its data leaves the graph),
    /// joined with the range JACK propagated to `port` itself; `0` when it
    /// is connected nowhere.
    public func playbackLatency(leaving port: JackPort) -> JackLatencyRange {
        joinedLatency(of: port, mode: .playback)
    }

    /// The playback latency of the path from `port` through only the
    /// connections named in `destinations` (full port names): their
    /// JACK playback latency ranges joined; `0` when none is connected.
    public func playbackLatency(leaving port: JackPort, into destinations: [String]) -> JackLatencyRange {
        let result = try? withOpenClient { raw, _ -> JackLatencyRange? in
            let names = Set(JackClient.strings(jack_port_get_all_connections(raw, port.rawValue)))
            var joined: JackLatencyRange?
            var range = jack_latency_range_t()
            for name in destinations where names.contains(name) {
                guard let other = jack_port_by_name(raw, name) else { continue }
                jack_port_get_latency_range(other, JackLatencyMode.playback.rawValue, &range)
                joined = JackLatencyRange(
                    min: Swift.min(joined?.min ?? range.min, range.min), max: Swift.max(joined?.max ?? range.max, range.max))
            }
            return joined
        }
        return (result ?? nil) ?? JackLatencyRange(min: 0, max: 0)
    }

    /// Whether any port is connected to `port` (`jack_port_connected`).
    public func isConnected(_ port: JackPort) -> Bool {
        (try? withOpenClient { _, _ in jack_port_connected(port.rawValue) > 0 }) ?? false
    }

    /// The smallest `min` and the largest `max` over `port`'s connections
    /// and `port` itself, or 0 when it has no connection.
    func joinedLatency(of port: JackPort, mode: JackLatencyMode) -> JackLatencyRange {
        let result = try? withOpenClient { raw, _ -> JackLatencyRange? in
            let names = JackClient.strings(jack_port_get_all_connections(raw, port.rawValue))
            guard !names.isEmpty else { return nil }
            var range = jack_latency_range_t()
            jack_port_get_latency_range(port.rawValue, mode.rawValue, &range)
            var joined = JackLatencyRange(min: range.min, max: range.max)
            var fromConnections: JackLatencyRange?
            for name in names {
                guard let other = jack_port_by_name(raw, name) else { continue }
                jack_port_get_latency_range(other, mode.rawValue, &range)
                fromConnections = JackLatencyRange(
                    min: Swift.min(fromConnections?.min ?? range.min, range.min),
                    max: Swift.max(fromConnections?.max ?? range.max, range.max))
            }
            if let fromConnections {
                // JACK propagates to `port` after it recomputes; until then
                // its own range may still be zero.
                joined = joined.max == 0 ? fromConnections : JackLatencyRange(
                    min: Swift.min(joined.min, fromConnections.min), max: Swift.max(joined.max, fromConnections.max))
            }
            return joined
        }
        return (result ?? nil) ?? JackLatencyRange(min: 0, max: 0)
    }
}
