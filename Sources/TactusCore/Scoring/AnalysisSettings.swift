/// How a recorded performance is scored: the grid (from the file's tempo map
/// and time signatures unless a steady tempo or meter is given), where it
/// starts, and the scoring settings.
public struct AnalysisSettings: Sendable {
    /// A steady tempo for the grid instead of the file's tempo map.
    public var tempo: Tempo?
    /// One meter throughout instead of the file's time signatures.
    public var meter: Meter?
    public var scoring: ScoringSettings
    public var origin: AnalysisOrigin
    /// Frames per second of the grid and the note times.
    public var sampleRate: Int
    /// Click layers over the grid's bars (`--poly N:M`): N clicks against
    /// the M beats each bar must have. `scoring.layer` may score against one.
    public var layers: [(count: Int, beats: Int)] = []
    /// What names the voices of the notes (`--drum-map`).
    public var drumMap: DrumMap = .generalMIDI
    /// The accents the exercise asks for (`--accents`).
    public var accents: AccentPattern?
    /// The player's own pulse (`--free`): the grid goes through its beats,
    /// and tempo, tempo map and origin are not used.
    public var pulse: Pulse?

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

extension AnalysisSettings {
    /// The grid through the pulse's beats, in `meter`, at `sampleRate`.
    func pulseGrid(_ pulse: Pulse, meter: Meter) throws(SettingError) -> Timeline {
        try Timeline.throughBeats(
            pulse.beats.map { $0.timeS * Double(sampleRate) }, firstBar: pulse.beats[0].bar, firstBeat: pulse.beats[0].beat,
            meter: meter, subdivision: scoring.subdivision, sampleRate: sampleRate)
    }

    /// `timeline` with the layers over it, each checked against its first
    /// bar's beats; the field `poly` names a layer that does not fit.
    func layered(_ timeline: Timeline) throws(SettingError) -> Timeline {
        guard !layers.isEmpty else { return timeline }
        let beats = timeline.beatsPerBar(bar: 1)
        for layer in layers where layer.beats != beats {
            throw SettingError(
                field: "poly",
                message: "\(layer.count):\(layer.beats) is against \(layer.beats) beats, but the grid's bar 1 has \(beats); give \(layer.count):\(beats)")
        }
        let grid = timeline.withLayers(layers.map { ClickLayer(count: $0.count) })
        if let layer = scoring.layer, grid.layerClicksPerBar(layer) == nil {
            throw SettingError(field: "layer", message: "layer \(layer + 2) is not there: give it with --poly N:M (the first is layer 2)")
        }
        return grid
    }
}
