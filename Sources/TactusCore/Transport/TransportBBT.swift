/// Bar, beat and tick of a transport position, the fields JACK's timebase
/// master publishes (`jack_position_t` with `JackPositionBBT`). Bars and
/// beats count from 1, ticks from 0.
///
/// tactus publishes the convention of `jack_position_t` as klick -T, Ardour
/// and Zrythm use it: `beatsPerBar` is the meter's numerator, `beatType` its
/// denominator, and a JACK beat is one 1/beatType note, so 7/8 goes out as
/// 7 beats of an eighth and 6/8 as 6 (whatever note tactus clicks: the
/// dotted quarter in 6/8 spans three JACK beats). `beatsPerMinute` counts
/// those notes (7/8 at 133 eighths: 133; 6/8 at 60 dotted quarters: 180).
/// Then 1 ≤ beat ≤ beatsPerBar, 0 ≤ tick < ticksPerBeat (1920), and
/// `barStartTick` adds up each earlier bar's beats × 1920 through meter and
/// tempo changes. A follower that sends MIDI clock from the transport must
/// scale by 4 / beatType to count 24 ticks a quarter note; tactus' own clock
/// does not read the transport and always does.
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

    /// Ticks per JACK beat (one 1/beatType note) that tactus publishes.
    @inlinable public static var ticksPerJackBeat: Int64 {
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
