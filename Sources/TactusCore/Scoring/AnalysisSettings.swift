/// How a recorded performance is scored: the grid (from the file's tempo map
/// and time signatures unless a steady tempo or meter is given), where it
/// starts, and the scoring settings.
public struct AnalysisSettings: Hashable, Sendable {
    /// A steady tempo for the grid instead of the file's tempo map.
    public var tempo: Tempo?
    /// One meter throughout instead of the file's time signatures.
    public var meter: Meter?
    public var scoring: ScoringSettings
    public var origin: AnalysisOrigin
    /// Frames per second of the grid and the note times.
    public var sampleRate: Int

    public init(
        tempo: Tempo? = nil, meter: Meter? = nil, scoring: ScoringSettings = ScoringSettings(),
        origin: AnalysisOrigin = .fileStart, sampleRate: Int = 48_000
    ) {
        self.tempo = tempo
        self.meter = meter
        self.scoring = scoring
        self.origin = origin
        self.sampleRate = sampleRate
    }
}
