/// A system realtime message: one byte that may appear anywhere in a stream,
/// even between the bytes of another message.
public enum MIDIRealtimeMessage: UInt8, Hashable, Sendable, BitwiseCopyable, CaseIterable {
    /// 24 per quarter note.
    case clock = 0xF8
    case start = 0xFA
    case `continue` = 0xFB
    case stop = 0xFC
    case activeSensing = 0xFE
    case reset = 0xFF

    /// The message whose status byte is `byte`; nil for any other byte (F9 and
    /// FD are undefined).
    ///
    /// Realtime: a switch.
    @inlinable @_noLocks @_noAllocation
    public init?(byte: UInt8) {
        switch byte {
        case 0xF8: self = .clock
        case 0xFA: self = .start
        case 0xFB: self = .continue
        case 0xFC: self = .stop
        case 0xFE: self = .activeSensing
        case 0xFF: self = .reset
        default: return nil
        }
    }

    /// The status byte (the same as `rawValue`, readable from realtime code).
    ///
    /// Realtime: a switch.
    @inlinable
    public var byte: UInt8 {
        @_noLocks @_noAllocation get {
            switch self {
            case .clock: 0xF8
            case .start: 0xFA
            case .continue: 0xFB
            case .stop: 0xFC
            case .activeSensing: 0xFE
            case .reset: 0xFF
            }
        }
    }
}
