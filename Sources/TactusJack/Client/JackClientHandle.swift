/// libjack's `jack_client_t *` as the realtime side holds it: trivially
/// copyable, no reference counting. Valid until ``JackClient/close()``.
///
/// Hand it to ``JackRealtime`` functions from the process callback.
@frozen
public struct JackClientHandle: Hashable, @unchecked Sendable {
    /// libjack's `jack_client_t *`.
    public let rawValue: OpaquePointer
}
