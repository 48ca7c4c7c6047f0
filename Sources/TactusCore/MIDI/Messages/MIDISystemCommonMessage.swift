/// A system common message (F1–F6).
public enum MIDISystemCommonMessage: Hashable, Sendable, BitwiseCopyable {
    /// F1 dd: one MIDI time code quarter frame.
    case timeCodeQuarterFrame(UInt8)
    /// F2 ll mm: where to continue from, in MIDI beats (one MIDI beat is a
    /// sixteenth note, six clocks), 14 bits.
    case songPosition(midiBeats: UInt16)
    /// F3 ss
    case songSelect(song: UInt8)
    /// F6
    case tuneRequest

    /// Data bytes that follow `status` (F1…F6); 0 for the undefined F4 and F5.
    ///
    /// Realtime: arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public static func dataByteCount(status: UInt8) -> Int {
        switch status {
        case 0xF1, 0xF3: return 1
        case 0xF2: return 2
        default: return 0
        }
    }
}
