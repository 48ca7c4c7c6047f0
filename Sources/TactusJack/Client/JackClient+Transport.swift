import CJack
import Glibc

extension JackClient {
    /// The transport state and position now (`jack_transport_query`). In the
    /// process callback use ``JackRealtime/transportQuery(_:)``.
    public func transportQuery() throws(JackError) -> JackTransportPosition {
        try withOpenClient { raw, _ in JackRealtime.transportQuery(JackClientHandle(rawValue: raw)) }
    }

    /// Asks the transport to roll (`jack_transport_start`); it starts within
    /// two cycles, after any slow-sync clients are ready.
    public func startTransport() throws(JackError) {
        try withOpenClient { raw, _ in jack_transport_start(raw) }
    }

    /// Asks the transport to stop (`jack_transport_stop`).
    public func stopTransport() throws(JackError) {
        try withOpenClient { raw, _ in jack_transport_stop(raw) }
    }

    /// Moves the transport to `frame` (`jack_transport_locate`); it takes
    /// effect in two cycles.
    public func locateTransport(frame: UInt32) throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            let code = jack_transport_locate(raw, frame)
            guard code == 0 else { throw .transportLocateFailed(frame: frame, code: code) }
        }
    }

    /// Becomes the timebase master (`jack_set_timebase_callback`): from then on
    /// `function` supplies bar, beat and tick to every transport client.
    ///
    /// - Parameters:
    ///   - function: Called on the realtime thread; see ``JackTimebaseFunction``.
    ///   - context: Handed to `function`; the caller owns it and keeps it
    ///     alive until ``releaseTimebase()`` or ``close()`` returns.
    ///   - conditional: When `true`, fail with
    ///     ``JackError/timebaseMasterTaken`` if another client is master
    ///     instead of taking over.
    public func becomeTimebaseMaster(
        _ function: JackTimebaseFunction, context: UnsafeMutableRawPointer?, conditional: Bool = false
    ) throws(JackError) {
        try withOpenClient { raw, state throws(JackError) in
            let binding = UnsafeMutablePointer<JackTimebaseBinding>.allocate(capacity: 1)
            binding.initialize(to: JackTimebaseBinding(function: function, context: context))
            let code = jack_set_timebase_callback(raw, conditional ? 1 : 0, JackCallbacks.timebase, binding)
            guard code == 0 else {
                binding.deallocate()
                throw code == EBUSY ? .timebaseMasterTaken : .timebaseFailed(code: code)
            }
            // JACK may still call an earlier binding during this cycle, so
            // bindings are freed only at close.
            state.timebaseBindings.append(binding)
        }
    }

    /// Stops being the timebase master (`jack_release_timebase`).
    public func releaseTimebase() throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            let code = jack_release_timebase(raw)
            guard code == 0 else { throw .timebaseFailed(code: code) }
        }
    }
}
