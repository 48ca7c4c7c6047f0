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
        (try? withOpenClient { raw, _ -> JackLatencyRange? in
            let names = Set(JackClient.strings(jack_port_get_all_connections(raw, port.rawValue)))
            return JackClient.joinedLatency(raw, of: destinations.filter(names.contains), mode: .playback)
        }) ?? JackLatencyRange(min: 0, max: 0)
    }

    /// Whether any port is connected to `port` (`jack_port_connected`).
    public func isConnected(_ port: JackPort) -> Bool {
        (try? withOpenClient { _, _ in jack_port_connected(port.rawValue) > 0 }) ?? false
    }

    /// The smallest `min` and the largest `max` over `port`'s connections
    /// and `port` itself, or 0 when it has no connection.
    func joinedLatency(of port: JackPort, mode: JackLatencyMode) -> JackLatencyRange {
        (try? withOpenClient { raw, _ -> JackLatencyRange? in
            let names = JackClient.strings(jack_port_get_all_connections(raw, port.rawValue))
            guard !names.isEmpty else { return nil }
            let own = JackLatencyRange(port.rawValue, mode: mode)
            guard let fromConnections = JackClient.joinedLatency(raw, of: names, mode: mode) else { return own }
            // JACK propagates to `port` after it recomputes; until then
            // its own range may still be zero.
            return own.max == 0 ? fromConnections : own.joined(with: fromConnections)
        }) ?? JackLatencyRange(min: 0, max: 0)
    }

    /// The `mode` latency ranges of the ports named `names` joined, nil when
    /// none of them exists.
    static func joinedLatency(_ raw: OpaquePointer, of names: [String], mode: JackLatencyMode) -> JackLatencyRange? {
        var joined: JackLatencyRange?
        for name in names {
            guard let other = jack_port_by_name(raw, name) else { continue }
            let range = JackLatencyRange(other, mode: mode)
            joined = joined?.joined(with: range) ?? range
        }
        return joined
    }
}
