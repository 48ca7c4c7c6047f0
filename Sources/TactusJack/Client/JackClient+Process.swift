import CJack

extension JackClient {
    /// Sets the process callback (`jack_set_process_callback`); call it
    /// before ``activate()``.
    ///
    /// `context` is passed to every call unchanged. The caller owns the state
    /// it points to: it must not move, hold no class references, and stay
    /// alive until ``close()`` or ``deactivate()`` returns.
    public func setProcess(_ callback: JackProcessFunction, context: UnsafeMutableRawPointer?) throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            try check("process", jack_set_process_callback(raw, callback, context))
        }
    }
}
