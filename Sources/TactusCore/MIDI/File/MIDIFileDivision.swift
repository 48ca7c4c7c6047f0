/// What a tick of a MIDI file is worth.
public enum MIDIFileDivision: Hashable, Sendable {
    /// Ticks per quarter note (PPQ), 1…32767; the tempo map turns them into time.
    case ticksPerQuarter(Int)
    /// Ticks per SMPTE frame (1…255) at 24, 25, 29 (30 drop-frame, that is
    /// 30000/1001 frames a second) or 30 frames per second; tempo does not apply.
    case smpte(framesPerSecond: Int, ticksPerFrame: Int)
}
