/// Bar, beat and tick of a transport position, the fields JACK's timebase
/// master publishes (`jack_position_t` with `JackPositionBBT`). Bars and
/// beats count from 1, ticks from 0.
///
/// tactus publishes every meter with the quarter note as the JACK beat:
/// `beatType` is always 4, `beatsPerBar` is the bar's length in quarter notes
/// (3.5 for 7/8, 3 for 6/8, 6 for 12/8, 4 for 2/2) and `beatsPerMinute`
/// counts quarter notes, whatever note tactus clicks. JACK's own convention
/// would count eighths in 7/8 and 6/8 (beat type 8, eighths a minute), but
/// MIDI clock followers of the transport such as x42's jack_midi_clock send
/// 24 clock ticks per JACK beat whatever the beat type, so their clock would
/// run twice too fast. With quarter-note beats it is right (from tactus in
/// 7/8 at 133, jack_midi_clock ticks every 1804.5 frames at 48 kHz: 66.5
/// quarter notes a minute), and so are the bars: bar numbers, bar start
/// ticks and bar lengths (beats per bar × 60 / BPM seconds) all match
/// tactus' bars, which is what a DAW lays out. What a follower loses is the
/// meter's spelling: 6/8 reads as 3/4 and 7/8 as 3.5/4.
public struct TransportBBT: Hashable, Sendable, BitwiseCopyable {
    public var bar: Int32
    public var beat: Int32
    public var tick: Int32
    /// Ticks from bar 1 to the start of this bar.
    public var barStartTick: Double
    /// Time signature numerator: JACK beats to the bar.
    public var beatsPerBar: Double
    /// Time signature denominator: the note value of a JACK beat.
    public var beatType: Double
    public var ticksPerBeat: Double
    /// JACK beats per minute.
    public var beatsPerMinute: Double

    @inlinable @_noLocks @_noAllocation
    public init(
        bar: Int32, beat: Int32, tick: Int32, barStartTick: Double, beatsPerBar: Double, beatType: Double,
        ticksPerBeat: Double, beatsPerMinute: Double
    ) {
        self.bar = bar
        self.beat = beat
        self.tick = tick
        self.barStartTick = barStartTick
        self.beatsPerBar = beatsPerBar
        self.beatType = beatType
        self.ticksPerBeat = ticksPerBeat
        self.beatsPerMinute = beatsPerMinute
    }

    /// Ticks per JACK beat (a quarter note) that tactus publishes.
    @inlinable public static var ticksPerQuarter: Int64 {
        @_noLocks @_noAllocation get { 1920 }
    }

    /// Bar 1, beat 1 at 120 quarter notes a minute in 4/4: a harmless value
    /// for preallocated memory.
    @inlinable public static var origin: TransportBBT {
        @_noLocks @_noAllocation get {
            TransportBBT(
                bar: 1, beat: 1, tick: 0, barStartTick: 0, beatsPerBar: 4, beatType: 4, ticksPerBeat: 1920,
                beatsPerMinute: 120)
        }
    }
}
