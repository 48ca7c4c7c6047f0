import TactusCore

extension MIDIFile {
    /// A take as the tests record one: `notes` in a format 1 file at 120 BPM
    /// in 4/4, 480 ticks a quarter, so a tick is 50 frames at 48 kHz and a
    /// bar 96 000.
    public static func take120(_ notes: [MIDIFileNote]) -> MIDIFile {
        MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 4, denominatorPower: 2))], notes: notes)
    }
}
