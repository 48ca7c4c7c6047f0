import CJack

/// The process callback JACK calls once per cycle on its realtime thread
/// (`JackProcessCallback`): `frames` is the cycle length, `context` the
/// pointer given to ``JackClient/setProcess(_:context:)``. Return 0; a
/// non-zero return makes JACK drop the client.
///
/// Write it as a `static let` closure in an enum in a non-main file, so it is
/// nonisolated, and keep everything it calls `@_noLocks @_noAllocation`.
public typealias JackProcessFunction = @convention(c) (
    _ frames: UInt32, _ context: UnsafeMutableRawPointer?
) -> Int32

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
