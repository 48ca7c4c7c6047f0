/// A MIDI port's buffer for one process cycle, from
/// ``JackRealtime/midiBuffer(_:frames:)``. JACK owns the memory; it is valid
/// only until the process callback returns.
@frozen
public struct JackMIDIBuffer {
    /// The `void *port_buffer` libjack's MIDI functions take.
    public let rawValue: UnsafeMutableRawPointer

    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    init(rawValue: UnsafeMutableRawPointer) {
        self.rawValue = rawValue
    }
}
