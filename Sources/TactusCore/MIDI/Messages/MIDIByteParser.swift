/// Reads a MIDI byte stream one byte at a time, in constant space: running
/// status, realtime bytes anywhere (even inside another message, which goes on
/// undisturbed), system exclusive skipped up to the next status byte, data
/// bytes with no status to belong to skipped, undefined status bytes ignored.
/// Any byte sequence is accepted.
public struct MIDIByteParser: Hashable, Sendable, BitwiseCopyable {
    /// The channel voice status that data bytes may continue (0 when none).
    @usableFromInline var running: UInt8
    /// The status of the message being collected (0 when waiting for one).
    @usableFromInline var status: UInt8
    @usableFromInline var firstData: UInt8
    @usableFromInline var dataCount: UInt8
    @usableFromInline var inSystemExclusive: Bool

    /// A parser waiting for a status byte, or continuing `runningStatus` (a
    /// channel voice status 0x80…0xEF; anything else counts as none).
    ///
    /// Realtime: sets plain fields.
    @inlinable @_noLocks @_noAllocation
    public init(runningStatus: UInt8? = nil) {
        let status = runningStatus ?? 0
        running = (0x80...0xEF).contains(status) ? status : 0
        self.status = running
        firstData = 0
        dataCount = 0
        inSystemExclusive = false
    }

    /// The channel voice status in force for data bytes that follow.
    ///
    /// Realtime: reads a field.
    @inlinable
    public var runningStatus: UInt8? {
        @_noLocks @_noAllocation get { running == 0 ? nil : running }
    }

    /// Whether the parser is inside a system exclusive message.
    ///
    /// Realtime: reads a field.
    @inlinable
    public var isInSystemExclusive: Bool {
        @_noLocks @_noAllocation get { inSystemExclusive }
    }

    /// Takes the next byte of the stream and returns the message it completes, if any.
    ///
    /// Realtime: constant time.
    @inlinable @_noLocks @_noAllocation
    public mutating func feed(_ byte: UInt8) -> MIDIShortMessage? {
        if byte >= 0xF8 {
            // Realtime bytes leave everything else as it was; F9 and FD are undefined.
            guard let message = MIDIRealtimeMessage(byte: byte) else { return nil }
            return .realtime(message)
        }
        if byte >= 0x80 {
            inSystemExclusive = false
            dataCount = 0
            switch byte {
            case 0x80...0xEF:
                running = byte
                status = byte
            case 0xF0:
                inSystemExclusive = true
                running = 0
                status = 0
            case 0xF1, 0xF2, 0xF3:
                running = 0
                status = byte
            case 0xF6:
                running = 0
                status = 0
                return .systemCommon(.tuneRequest)
            default:
                // F7 ends system exclusive (or stands alone); F4 and F5 are undefined.
                running = 0
                status = 0
            }
            return nil
        }
        if inSystemExclusive || status == 0 { return nil }
        let needed = status < 0xF0
            ? MIDIChannelVoiceMessage.dataByteCount(status: status)
            : MIDISystemCommonMessage.dataByteCount(status: status)
        if needed == 2 && dataCount == 0 {
            firstData = byte
            dataCount = 1
            return nil
        }
        let data1 = needed == 2 ? firstData : byte
        let data2 = needed == 2 ? byte : 0
        let complete = status
        dataCount = 0
        status = running
        switch complete {
        case 0xF1: return .systemCommon(.timeCodeQuarterFrame(data1))
        case 0xF2: return .systemCommon(.songPosition(midiBeats: UInt16(data2) << 7 | UInt16(data1)))
        case 0xF3: return .systemCommon(.songSelect(song: data1))
        default: return .channelVoice(MIDIChannelVoiceMessage(status: complete, data1: data1, data2: data2))
        }
    }
}
