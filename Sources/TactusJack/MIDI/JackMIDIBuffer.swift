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

/// One MIDI event read from an input port buffer during a process cycle
/// (`jack_midi_event_t`).
@frozen
public struct JackMIDIEvent {
    /// Frame offset within the cycle; the absolute frame is
    /// ``JackRealtime/lastFrameTime(_:)`` plus this.
    public var time: UInt32
    /// The event's bytes, a complete message (or a SysEx chunk). They live in
    /// JACK's port buffer and are valid only until the callback returns.
    public var bytes: UnsafeBufferPointer<UInt8>

    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    init(time: UInt32, bytes: UnsafeBufferPointer<UInt8>) {
        self.time = time
        self.bytes = bytes
    }
}
