/// A MIDI file time signature (FF 58): `numerator`/2^`denominatorPower`, with
/// the metronome's MIDI clocks per click and the 32nd notes in a quarter note.
public struct MIDITimeSignature: Hashable, Sendable {
    /// Beats in the bar, 1…255.
    public var numerator: Int
    /// The note value as a power of two: 2 is a quarter, 3 an eighth (0…7).
    public var denominatorPower: Int
    /// MIDI clocks (24 per quarter note) per metronome click.
    public var clocksPerClick: Int
    /// 32nd notes per MIDI quarter note, normally 8.
    public var thirtySecondsPerQuarter: Int

    public init(numerator: Int, denominatorPower: Int, clocksPerClick: Int = 24, thirtySecondsPerQuarter: Int = 8) {
        self.numerator = numerator
        self.denominatorPower = denominatorPower
        self.clocksPerClick = clocksPerClick
        self.thirtySecondsPerQuarter = thirtySecondsPerQuarter
    }

    /// The time signature of `meter`, the click on its default beat unit.
    /// Nil when the note value is not a power of two from 1 to 128.
    public init?(meter: Meter) {
        guard let power = (0...7).first(where: { 1 << $0 == meter.noteValue }), (1...255).contains(meter.beats) else {
            return nil
        }
        self.init(numerator: meter.beats, denominatorPower: power, clocksPerClick: meter.defaultBeatUnit.clockTicksPerBeat ?? 24)
    }

    /// 2^`denominatorPower`.
    public var denominator: Int { 1 << min(max(denominatorPower, 0), 62) }

    public var meter: Meter { Meter(beats: numerator, noteValue: denominator) }
}
