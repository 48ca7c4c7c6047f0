extension MIDIShortMessage {
    /// The wire bytes: status, then up to two data bytes (`count` of the three
    /// are used). Channels are masked to 0…15, data to 7 bits and the pitch
    /// bend to 14 bits; a song position is held to 16 383 (see
    /// `MIDISongPosition`), so the bytes are always well formed.
    ///
    /// Realtime: a switch.
    @inlinable
    public var encoded: (status: UInt8, data1: UInt8, data2: UInt8, count: Int) {
        @_noLocks @_noAllocation get {
            switch self {
            case .channelVoice(let message):
                let channel = message.channel & 0x0F
                switch message {
                case .noteOff(_, let note, let velocity): return (0x80 | channel, note & 0x7F, velocity & 0x7F, 3)
                case .noteOn(_, let note, let velocity): return (0x90 | channel, note & 0x7F, velocity & 0x7F, 3)
                case .polyAftertouch(_, let note, let pressure): return (0xA0 | channel, note & 0x7F, pressure & 0x7F, 3)
                case .controlChange(_, let controller, let value): return (0xB0 | channel, controller & 0x7F, value & 0x7F, 3)
                case .programChange(_, let program): return (0xC0 | channel, program & 0x7F, 0, 2)
                case .channelAftertouch(_, let pressure): return (0xD0 | channel, pressure & 0x7F, 0, 2)
                case .pitchBend(_, let value):
                    return (0xE0 | channel, UInt8(truncatingIfNeeded: value) & 0x7F, UInt8(truncatingIfNeeded: value >> 7) & 0x7F, 3)
                }
            case .systemCommon(let message):
                switch message {
                case .timeCodeQuarterFrame(let value): return (0xF1, value & 0x7F, 0, 2)
                case .songPosition(let beats):
                    let position = MIDISongPosition(clampingMIDIBeats: Int64(beats))
                    return (MIDISongPosition.status, position.data1, position.data2, 3)
                case .songSelect(let song): return (0xF3, song & 0x7F, 0, 2)
                case .tuneRequest: return (0xF6, 0, 0, 1)
                }
            case .realtime(let message):
                return (message.byte, 0, 0, 1)
            }
        }
    }

    /// Bytes the message takes on the wire: 1, 2 or 3.
    ///
    /// Realtime: a switch.
    @inlinable
    public var byteCount: Int {
        @_noLocks @_noAllocation get { encoded.count }
    }

    /// Writes the message to `buffer` (for instance the space
    /// `jack_midi_event_reserve` returned) and returns the bytes written, or 0
    /// (writing nothing) when `capacity` is too small.
    ///
    /// Realtime: writes at most three bytes into the caller's memory.
    @inlinable @_noLocks @_noAllocation
    public func write(to buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        let bytes = encoded
        guard capacity >= bytes.count else { return 0 }
        buffer[0] = bytes.status
        if bytes.count > 1 { buffer[1] = bytes.data1 }
        if bytes.count > 2 { buffer[2] = bytes.data2 }
        return bytes.count
    }

    /// The wire bytes.
    public var bytes: [UInt8] {
        let bytes = encoded
        return Array([bytes.status, bytes.data1, bytes.data2].prefix(bytes.count))
    }
}
