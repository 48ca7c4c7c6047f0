import CJack

extension JackRealtime {
    /// Realtime: libjack documents it as realtime-safe. Asks the transport to
    /// roll (`jack_transport_start`); it rolls no sooner than the next cycle,
    /// later when slow-sync clients are not ready.
    @inlinable @_noLocks @_noAllocation
    public static func startTransport(_ client: JackClientHandle) {
        _unsafePerformance { jack_transport_start(client.rawValue) }
    }

    /// Realtime: libjack documents it as realtime-safe. Asks the transport to
    /// stop (`jack_transport_stop`).
    @inlinable @_noLocks @_noAllocation
    public static func stopTransport(_ client: JackClientHandle) {
        _unsafePerformance { jack_transport_stop(client.rawValue) }
    }

    /// Realtime: libjack documents it as realtime-safe. Asks the transport to
    /// move to `frame` (`jack_transport_locate`); the new position takes
    /// effect in two cycles. Returns `false` when JACK refuses the request.
    @inlinable @_noLocks @_noAllocation
    public static func locateTransport(_ client: JackClientHandle, frame: UInt32) -> Bool {
        _unsafePerformance { jack_transport_locate(client.rawValue, frame) } == 0
    }
}
