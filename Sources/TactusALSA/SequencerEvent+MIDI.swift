import TactusCore

extension SequencerEvent {
    /// The event as a MIDI short message, the bytes a JACK port would carry;
    /// nil for events with no short-message form (sysex, 14-bit controllers,
    /// announcements). Out-of-range values are clamped to 7 (or 14) bits.
    public var midiMessage: ALSAMIDIMessage? {
        let channel = self.channel & 0x0F
        let number = UInt8(min(self.number, 127))
        let value7 = UInt8(clamping: min(max(value, 0), 127))
        func channelMessage(_ status: UInt8, _ data1: UInt8, _ data2: UInt8 = 0, size: Int = 3) -> ALSAMIDIMessage {
            ALSAMIDIMessage(status: status | channel, data1: data1, data2: data2, size: size)
        }
        func fourteenBits(_ value: Int32) -> (UInt8, UInt8) {
            let clamped = min(max(value, 0), 0x3FFF)
            return (UInt8(clamped & 0x7F), UInt8(clamped >> 7))
        }
        switch kind {
        case .noteOn: return channelMessage(0x90, number, value7)
        case .noteOff: return channelMessage(0x80, number, value7)
        case .keyPressure: return channelMessage(0xA0, number, value7)
        case .controller: return channelMessage(0xB0, number, value7)
        case .programChange: return channelMessage(0xC0, value7, size: 2)
        case .channelPressure: return channelMessage(0xD0, value7, size: 2)
        case .pitchBend:
            // ALSA's bend is -8192…8191 around the centre; MIDI's is 0…16383.
            let (lsb, msb) = fourteenBits(value + 8192)
            return channelMessage(0xE0, lsb, msb)
        case .songPosition:
            let position = MIDISongPosition(clampingMIDIBeats: Int64(value))
            return ALSAMIDIMessage(status: MIDISongPosition.status, data1: position.data1, data2: position.data2, size: 3)
        case .songSelect: return ALSAMIDIMessage(status: 0xF3, data1: value7, size: 2)
        case .quarterFrame: return ALSAMIDIMessage(status: 0xF1, data1: value7, size: 2)
        case .tuneRequest: return ALSAMIDIMessage(status: 0xF6, size: 1)
        case .clock: return ALSAMIDIMessage(status: 0xF8, size: 1)
        case .start: return ALSAMIDIMessage(status: 0xFA, size: 1)
        case .continue: return ALSAMIDIMessage(status: 0xFB, size: 1)
        case .stop: return ALSAMIDIMessage(status: 0xFC, size: 1)
        case .activeSensing: return ALSAMIDIMessage(status: 0xFE, size: 1)
        case .reset: return ALSAMIDIMessage(status: 0xFF, size: 1)
        case .other: return nil
        }
    }
}
