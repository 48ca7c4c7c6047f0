import Synchronization

extension JackClient {
    /// Whether the server shut this client down (`jack_on_info_shutdown`).
    /// The client stays a zombie until ``close()``; every other call then
    /// throws ``JackError/serverShutDown(server:reason:)``.
    public var isShutDown: Bool {
        signals.pointer.pointee.shutDown.load(ordering: .acquiring)
    }

    /// Why the server shut the client down, to read once ``isShutDown``:
    /// the reason JACK gave, or "the server shut down" when it gave none.
    public var shutdownReason: String {
        let reason = String(cString: signals.pointer.pointee.shutdownReason)
        return reason.isEmpty ? "the server shut down" : reason
    }

    /// Xruns reported since open (`jack_set_xrun_callback`).
    public var xrunCount: Int {
        signals.pointer.pointee.xruns.load(ordering: .relaxed)
    }

    /// Latency recomputations since open (`jack_set_latency_callback`); reread
    /// ``portLatencyRange(_:mode:)`` when it changes.
    public var latencyChangeCount: Int {
        signals.pointer.pointee.latencyChanges.load(ordering: .relaxed)
    }

    /// Graph reorderings since open (`jack_set_graph_order_callback`): a
    /// connection was made or removed, a client came or went. Reread
    /// latencies (``captureLatency(feeding:)``) when it or
    /// ``latencyChangeCount`` changes.
    public var graphOrderCount: Int {
        signals.pointer.pointee.graphReorders.load(ordering: .relaxed)
    }

    /// Blocks the calling (non-realtime) thread until a notification callback
    /// fires, ``wake()`` is called, or `timeout` passes. Returns `false` on
    /// timeout. Each callback wakes one wait, so check every flag and counter
    /// after it returns.
    public func waitForNotification(timeout: Duration) -> Bool {
        JackClientSignals.wait(signals.pointer.pointee.wake, timeout: timeout)
    }

    /// Wakes one ``waitForNotification(timeout:)`` (`sem_post`: safe from
    /// any thread, never blocks).
    public func wake() {
        JackCallbacks.post(signals.pointer.pointee.wake)
    }
}
