/// A channel voice message. Channels count from 0 (MIDI channel 1) to 15; notes,
/// velocities and other data from 0 to 127. A note-on with velocity 0 arrives
/// as `noteOff` with velocity 0, as MIDI defines it.
public enum MIDIChannelVoiceMessage: Hashable, Sendable, BitwiseCopyable {
    /// 8n kk vv
    case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
    /// 9n kk vv, vv > 0
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    /// An kk pp: polyphonic key pressure.
    case polyAftertouch(channel: UInt8, note: UInt8, pressure: UInt8)
    /// Bn cc vv
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    /// Cn pp
    case programChange(channel: UInt8, program: UInt8)
    /// Dn pp: channel pressure.
    case channelAftertouch(channel: UInt8, pressure: UInt8)
    /// En ll mm: 14 bits, 8192 is the centre.
    case pitchBend(channel: UInt8, value: UInt16)

    /// The channel, 0…15.
    ///
    /// Realtime: a switch.
    @inlinable
    public var channel: UInt8 {
        @_noLocks @_noAllocation get {
        switch self {
        case .noteOff(let channel, _, _), .noteOn(let channel, _, _), .polyAftertouch(let channel, _, _),
             .controlChange(let channel, _, _), .programChange(let channel, _), .channelAftertouch(let channel, _),
             .pitchBend(let channel, _):
            return channel
        }
        }
    }

    /// The message for status byte `status` (0x80…0xEF) and its data bytes
    /// (`data2` unused by program change and channel pressure).
    ///
    /// Realtime: a switch.
    @inlinable @_noLocks @_noAllocation
    init(status: UInt8, data1: UInt8, data2: UInt8) {
        let channel = status & 0x0F
        switch status & 0xF0 {
        case 0x80: self = .noteOff(channel: channel, note: data1, velocity: data2)
        case 0x90:
            self = data2 == 0
                ? .noteOff(channel: channel, note: data1, velocity: 0)
                : .noteOn(channel: channel, note: data1, velocity: data2)
        case 0xA0: self = .polyAftertouch(channel: channel, note: data1, pressure: data2)
        case 0xB0: self = .controlChange(channel: channel, controller: data1, value: data2)
        case 0xC0: self = .programChange(channel: channel, program: data1)
        case 0xD0: self = .channelAftertouch(channel: channel, pressure: data1)
        default: self = .pitchBend(channel: channel, value: UInt16(data2 & 0x7F) << 7 | UInt16(data1 & 0x7F))
        }
    }

    /// Data bytes that follow status byte `status` (0x80…0xEF): 1 for program
    /// change and channel pressure, else 2.
    ///
    /// Realtime: arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public static func dataByteCount(status: UInt8) -> Int {
        let kind = status & 0xF0
        return kind == 0xC0 || kind == 0xD0 ? 1 : 2
    }
}
