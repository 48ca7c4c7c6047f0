import CJack

/// Bar, beat and tick of a transport position: the `JackPositionBBT` fields
/// of `jack_position_t`. Bars and beats count from 1, ticks from 0.
@frozen
public struct JackBBT: Hashable, Sendable {
    public var bar: Int32
    public var beat: Int32
    public var tick: Int32
    /// Ticks from the start of the song to the start of this bar.
    public var barStartTick: Double
    /// Time signature numerator.
    public var beatsPerBar: Float
    /// Time signature denominator.
    public var beatType: Float
    public var ticksPerBeat: Double
    public var beatsPerMinute: Double

    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    public init(
        bar: Int32, beat: Int32, tick: Int32, barStartTick: Double,
        beatsPerBar: Float, beatType: Float, ticksPerBeat: Double, beatsPerMinute: Double
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

    /// Reads the BBT fields of `position`, or `nil` when `JackPositionBBT`
    /// is not among its valid bits.
    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    public init?(_ position: jack_position_t) {
        guard position.valid.rawValue & JackPositionBBT.rawValue != 0 else { return nil }
        self.init(
            bar: position.bar, beat: position.beat, tick: position.tick,
            barStartTick: position.bar_start_tick, beatsPerBar: position.beats_per_bar,
            beatType: position.beat_type, ticksPerBeat: position.ticks_per_beat,
            beatsPerMinute: position.beats_per_minute
        )
    }
}
