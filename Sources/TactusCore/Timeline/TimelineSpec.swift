/// Everything that fixes the musical grid and which pulses sound.
public struct TimelineSpec: Hashable, Sendable {
    public var sampleRate: Int
    /// Tempo at the start (count-in included).
    public var tempo: Tempo
    public var meter: Meter
    /// nil: the meter's default beat unit.
    public var beatUnit: BeatUnit?
    /// Click pulses per beat: 1, 2, 3, 4, 5, 6 or 8.
    public var subdivision: Int
    /// nil: accent on beat 1, the other beats normal.
    public var accents: AccentPattern?
    /// Bars of count-in before bar 1, at the starting tempo and meter.
    public var countInBars: Int
    /// Tempo and meter changes at bar lines, in bar order.
    public var changes: [TempoChange]
    public var gap: GapPattern?
    /// Click layers over the main click (polyrhythms), at most `ClickLayer.capacity`.
    public var layers: [ClickLayer]

    public init(
        sampleRate: Int = 48_000, tempo: Tempo, meter: Meter = .fourFour, beatUnit: BeatUnit? = nil,
        subdivision: Int = 1, accents: AccentPattern? = nil, countInBars: Int = 0,
        changes: [TempoChange] = [], gap: GapPattern? = nil, layers: [ClickLayer] = []
    ) {
        self.sampleRate = sampleRate
        self.tempo = tempo
        self.meter = meter
        self.beatUnit = beatUnit
        self.subdivision = subdivision
        self.accents = accents
        self.countInBars = countInBars
        self.changes = changes
        self.gap = gap
        self.layers = layers
    }

    /// Subdivisions the click and the grid support.
    public static let allowedSubdivisions: Set<Int> = [1, 2, 3, 4, 5, 6, 8]

    /// `allowedSubdivisions` as messages and help say them: "1, 2, 3, 4, 5, 6 or 8".
    public static var subdivisionChoices: String { OptionHelp.choices(allowedSubdivisions.sorted()) }
}
