/// A change at a bar line: a new tempo (stepped, or reached by a linear ramp
/// over `rampBars` bars that starts at `bar`), a new meter, new accents, or
/// any of them together.
public struct TempoChange: Hashable, Sendable {
    /// Bars a change may ramp over; 0 steps.
    public static let allowedRampBars = 0...TempoRamp.allowedBars.upperBound
    /// The bar (from 1 at the grid origin) at whose downbeat the change starts.
    public var bar: Int
    /// The tempo reached; nil keeps the tempo in force.
    public var tempo: Tempo?
    /// The meter from `bar` on; nil keeps the meter in force.
    public var meter: Meter?
    /// The beat unit from `bar` on; nil means the meter's default.
    public var beatUnit: BeatUnit?
    /// The accents from `bar` on (as `TimelineSpec.accents`); nil keeps those in force.
    public var accents: AccentPattern?
    /// 0 steps to `tempo` at `bar`; N glides to it, linearly in time, arriving
    /// at the downbeat of `bar + N`.
    public var rampBars: Int

    public init(
        bar: Int, tempo: Tempo? = nil, meter: Meter? = nil, beatUnit: BeatUnit? = nil, rampBars: Int = 0,
        accents: AccentPattern? = nil
    ) {
        self.accents = accents
        self.bar = bar
        self.tempo = tempo
        self.meter = meter
        self.beatUnit = beatUnit
        self.rampBars = rampBars
    }
}
