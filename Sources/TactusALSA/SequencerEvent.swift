/// The parts of a `snd_seq_event_t` that tactus reads, as a plain value.
public struct SequencerEvent: Hashable, Sendable {
    /// The event type (`SND_SEQ_EVENT_*` values from seq_event.h).
    public enum Kind: Hashable, Sendable {
        case noteOn
        case noteOff
        case keyPressure
        case controller
        case programChange
        case channelPressure
        case pitchBend
        case songPosition
        case songSelect
        case quarterFrame
        case tuneRequest
        case clock
        case start
        case `continue`
        case stop
        case activeSensing
        case reset
        /// Anything else (system announcements, sysex, 14-bit controllers, …), by type number.
        case other(UInt8)

        // SND_SEQ_EVENT_* numbering (seq_event.h); stable since ALSA 0.9.
        static let byType: [UInt8: Kind] = [
            6: .noteOn, 7: .noteOff, 8: .keyPressure, 10: .controller, 11: .programChange, 12: .channelPressure,
            13: .pitchBend, 20: .songPosition, 21: .songSelect, 22: .quarterFrame, 30: .start, 31: .continue,
            32: .stop, 36: .clock, 40: .tuneRequest, 41: .reset, 42: .activeSensing,
        ]

        public init(type: UInt8) {
            self = Self.byType[type] ?? .other(type)
        }
    }

    public var kind: Kind
    /// MIDI channel 0–15 (note and control events).
    public var channel: UInt8 = 0
    /// Note number (note events) or controller number (`param`).
    public var number: UInt32 = 0
    /// Velocity (note events) or controller / program / pressure / bend / song value (`value`).
    public var value: Int32 = 0
    public var source: ALSAAddress = ALSAAddress(client: 0, port: 0)
    /// The real-time stamp, when the event carries one.
    public var time: SequencerRealTime?
}
