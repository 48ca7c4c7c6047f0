extension MIDIShortMessage {
    /// The message in one JACK MIDI event (`jack_midi_event_t`'s `buffer` and
    /// `size`). JACK delivers one complete message per event, status byte
    /// first; this returns the first complete message in the bytes, and nil for
    /// system exclusive, an empty or cut-off event, or bytes that are no message.
    /// To read a byte stream (running status, several messages) use
    /// `MIDIByteParser`.
    ///
    /// Realtime: reads at most `count` bytes.
    @inlinable @_noLocks @_noAllocation
    public init?(bytes: UnsafePointer<UInt8>?, count: Int) {
        guard let bytes else { return nil }
        var parser = MIDIByteParser()
        var index = 0
        while index < count {
            if let message = parser.feed(bytes[index]) {
                self = message
                return
            }
            index += 1
        }
        return nil
    }
}
