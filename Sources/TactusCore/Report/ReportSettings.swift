/// The settings a session ran with, as its report states them.
public struct ReportSettings: Hashable, Sendable {
    /// Tempo at the start (changes are listed in the report's `tempoChanges`).
    public var tempo: Tempo
    public var meter: Meter
    /// The note value `tempo` counts.
    public var beatUnit: BeatUnit
    public var scoring: ScoringSettings
    public var countInBars: Int
    public var gap: GapPattern?
    public var sampleRate: Int
    /// The preset, exercise or setlist song practised, if any (with a
    /// setlist: the one the session started with).
    public var preset: String?
    /// The setlist stepped through, if any (its name).
    public var setlist: String?
    /// Pedal or input messages read through the ALSA sequencer carry JACK
    /// frames good to ± this many ms (see `SequencerFrameMapping`); nil when
    /// no ALSA device was read.
    public var alsaTimestampUncertaintyMs: Double?
    /// The stored calibration part of `scoring.latency.userOffsetMs`, if any.
    public var calibration: CalibrationUse?
    /// Where JACK's latencies changed during the session and what was used
    /// from then on (`scoring.latency` is what the session started with).
    public var latencyChanges: [LatencyChange] = []
    /// The click layers over the main click (`scoring.layer` names the one
    /// scored against, if any); their clicks, spans and nothing else.
    public var layers: [ClickLayer] = []
    /// The click's accent pattern when one was given (`--accents`, a
    /// config's `accents`): what the dynamics findings hold accents against.
    public var accents: AccentPattern?
    /// What names the voices of MIDI hits (General MIDI's map unless told;
    /// the report leaves that one out).
    public var drumMap: DrumMap = .generalMIDI
    /// The grid is the player's own pulse, found in a take played without a
    /// click (`"grid": "free"`; see `PracticeReport.pulse`): offsets are
    /// against the player's own beats, and no mean against a click is known.
    public var freeTime = false

    /// Clicks a bar of the layer scored against, nil when the main click is.
    public var scoredLayerClicks: Int? {
        guard let layer = scoring.layer, layers.indices.contains(layer), layers[layer].span == .bar else { return nil }
        return layers[layer].count
    }

    public init(
        tempo: Tempo, meter: Meter, beatUnit: BeatUnit? = nil, scoring: ScoringSettings,
        countInBars: Int = 0, gap: GapPattern? = nil, sampleRate: Int, preset: String? = nil
    ) {
        self.tempo = tempo
        self.meter = meter
        self.beatUnit = beatUnit ?? meter.defaultBeatUnit
        self.scoring = scoring
        self.countInBars = countInBars
        self.gap = gap
        self.sampleRate = sampleRate
        self.preset = preset
    }

    /// The settings of a session on the grid `spec` describes.
    public init(spec: TimelineSpec, scoring: ScoringSettings, preset: String? = nil) {
        self.init(
            tempo: spec.tempo, meter: spec.meter, beatUnit: spec.beatUnit, scoring: scoring,
            countInBars: spec.countInBars, gap: spec.gap, sampleRate: spec.sampleRate, preset: preset)
        layers = spec.layers.map { ClickLayer(count: $0.count, span: $0.span) }
        accents = spec.accents
    }
}

extension ReportSettings: Codable {
    enum CodingKeys: String, CodingKey {
        case bpm, meter, beatUnit, subdivision, swing, windows, expected, doubleTriggerMs, noteFilter
        case latencyCompensation, countIn, gap, sampleRate, preset, setlist, alsaTimestampUncertaintyMs
        case layers, scoreLayer, drumMap, accents, grid
    }

    enum LayerKeys: String, CodingKey {
        case count, span
    }

    enum GapKeys: String, CodingKey {
        case playBars, muteBars
    }

    enum LatencyKeys: String, CodingKey {
        case clickOutputFrames, inputCaptureFrames, userOffsetMs, totalMs, calibration, changes
    }

    enum LatencyChangeKeys: String, CodingKey {
        case frame, clickOutputFrames, inputCaptureFrames, totalMs
    }

    enum CalibrationKeys: String, CodingKey {
        case device, method, latencyMs, measuredAt, spreadMs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let meter = try c.decode(.meter, parsing: Meter.init(parsing:), as: "a meter like 4/4")
        let beatUnit = try c.decode(.beatUnit, parsing: BeatUnit.init(parsing:), as: "a note value like 4 or 4.")
        let expected = try c.decode(
            .expected, parsing: ExpectedPositions.init(parsing:), as: "subdivisions, beats or a pattern of x and .")
        var gap: GapPattern?
        if try !c.decodeNil(forKey: .gap) {
            let g = try c.nestedContainer(keyedBy: GapKeys.self, forKey: .gap)
            gap = GapPattern(playBars: try g.decode(Int.self, forKey: .playBars), muteBars: try g.decode(Int.self, forKey: .muteBars))
        }
        let l = try c.nestedContainer(keyedBy: LatencyKeys.self, forKey: .latencyCompensation)
        let latency = LatencyCompensation(
            clickOutputFrames: try l.decode(Int64.self, forKey: .clickOutputFrames),
            inputCaptureFrames: try l.decode(Int64.self, forKey: .inputCaptureFrames),
            userOffsetMs: try l.decode(Double.self, forKey: .userOffsetMs))
        var calibration: CalibrationUse?
        if l.contains(.calibration), try !l.decodeNil(forKey: .calibration) {
            let k = try l.nestedContainer(keyedBy: CalibrationKeys.self, forKey: .calibration)
            let method = try k.decode(.method, parsing: CalibrationMethod.init(rawValue:), as: "tap, loopback or manual")
            let measuredAt = try k.decode(
                .measuredAt, parsing: { try? CalibrationStore.dateStyle.parse($0) }, as: "a date like 2025-03-01T10:00:00Z")
            calibration = CalibrationUse(device: try k.decode(String.self, forKey: .device), calibration: DeviceCalibration(
                latencyMs: try k.decode(Double.self, forKey: .latencyMs), method: method, measuredAt: measuredAt,
                spreadMs: try k.decode(Double.self, forKey: .spreadMs)))
        }
        var latencyChanges: [LatencyChange] = []
        if l.contains(.changes) {
            var list = try l.nestedUnkeyedContainer(forKey: .changes)
            while !list.isAtEnd {
                let k = try list.nestedContainer(keyedBy: LatencyChangeKeys.self)
                latencyChanges.append(LatencyChange(
                    frame: try k.decode(Int64.self, forKey: .frame),
                    latency: latency.withPortLatencies(
                        clickOutputFrames: try k.decode(Int64.self, forKey: .clickOutputFrames),
                        inputCaptureFrames: try k.decode(Int64.self, forKey: .inputCaptureFrames))))
            }
        }
        let scoring = ScoringSettings(
            subdivision: try c.decode(Int.self, forKey: .subdivision),
            swing: try c.decodeIfPresent(Swing.self, forKey: .swing),
            windows: try c.decode(TimingWindows.self, forKey: .windows),
            expected: expected,
            doubleTriggerMs: try c.decode(Double.self, forKey: .doubleTriggerMs),
            noteFilter: try c.decode(NoteFilter.self, forKey: .noteFilter),
            latency: latency,
            // `scoreLayer` counts the main click as 1, its layers from 2.
            layer: try c.decodeIfPresent(Int.self, forKey: .scoreLayer).map { $0 - 2 })
        self.init(
            tempo: try c.decode(Tempo.self, forKey: .bpm), meter: meter, beatUnit: beatUnit, scoring: scoring,
            countInBars: try c.decode(Int.self, forKey: .countIn), gap: gap,
            sampleRate: try c.decode(Int.self, forKey: .sampleRate),
            preset: try c.decodeIfPresent(String.self, forKey: .preset))
        setlist = try c.decodeIfPresent(String.self, forKey: .setlist)
        alsaTimestampUncertaintyMs = try c.decodeIfPresent(Double.self, forKey: .alsaTimestampUncertaintyMs)
        self.calibration = calibration
        self.latencyChanges = latencyChanges
        if c.contains(.layers) {
            var list = try c.nestedUnkeyedContainer(forKey: .layers)
            while !list.isAtEnd {
                let k = try list.nestedContainer(keyedBy: LayerKeys.self)
                let span = try k.decode(.span, parsing: ClickLayer.Span.init(rawValue:), as: "bar or beat")
                layers.append(ClickLayer(count: try k.decode(Int.self, forKey: .count), span: span))
            }
        }
        drumMap = try c.decodeIfPresent(DrumMap.self, forKey: .drumMap) ?? .generalMIDI
        freeTime = try c.decodeIfPresent(String.self, forKey: .grid) == "free"
        if try c.decodeIfPresent(String.self, forKey: .accents) != nil {
            accents = try c.decode(.accents, parsing: AccentPattern.init(parsing:), as: "a pattern of X, x, o and .")
        }
        guard sampleRate > 0 else {
            throw DecodingError.dataCorruptedError(forKey: .sampleRate, in: c, debugDescription: "must be above 0, got \(sampleRate)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(tempo, forKey: .bpm)
        try c.encode(meter.description, forKey: .meter)
        try c.encode(beatUnit.description, forKey: .beatUnit)
        try c.encode(scoring.subdivision, forKey: .subdivision)
        try c.encode(scoring.swing, forKey: .swing)
        try c.encode(scoring.windows, forKey: .windows)
        try c.encode(scoring.expected.description, forKey: .expected)
        try c.encode(scoring.doubleTriggerMs, forKey: .doubleTriggerMs)
        try c.encode(scoring.noteFilter, forKey: .noteFilter)
        var l = c.nested(LatencyKeys.self, forKey: .latencyCompensation)
        try l.encode(scoring.latency.clickOutputFrames, forKey: .clickOutputFrames)
        try l.encode(scoring.latency.inputCaptureFrames, forKey: .inputCaptureFrames)
        try l.encode(scoring.latency.userOffsetMs, forKey: .userOffsetMs)
        try l.milliseconds([.totalMs: scoring.latency.totalMs(sampleRate: max(sampleRate, 1))])
        if let calibration {
            var k = l.container.nestedContainer(keyedBy: CalibrationKeys.self, forKey: .calibration)
            try k.encode(calibration.device, forKey: .device)
            try k.encode(calibration.calibration.method.rawValue, forKey: .method)
            try k.encode(calibration.calibration.latencyMs, forKey: .latencyMs)
            try k.encode(CalibrationStore.dateStyle.format(calibration.calibration.measuredAt), forKey: .measuredAt)
            try k.encode(calibration.calibration.spreadMs, forKey: .spreadMs)
        }
        if !latencyChanges.isEmpty {
            var list = l.container.nestedUnkeyedContainer(forKey: .changes)
            for change in latencyChanges {
                var k = ReportEncoder(list.nestedContainer(keyedBy: LatencyChangeKeys.self), exact: c.exact)
                try k.encode(change.frame, forKey: .frame)
                try k.encode(change.latency.clickOutputFrames, forKey: .clickOutputFrames)
                try k.encode(change.latency.inputCaptureFrames, forKey: .inputCaptureFrames)
                try k.milliseconds([.totalMs: change.latency.totalMs(sampleRate: max(sampleRate, 1))])
            }
        }
        if !layers.isEmpty {
            var list = c.container.nestedUnkeyedContainer(forKey: .layers)
            for layer in layers {
                var k = list.nestedContainer(keyedBy: LayerKeys.self)
                try k.encode(layer.count, forKey: .count)
                try k.encode(layer.span.rawValue, forKey: .span)
            }
        }
        try c.encodeIfPresent(scoring.layer.map { $0 + 2 }, forKey: .scoreLayer)
        // Left out for General MIDI's map, which a report without one means.
        if drumMap != .generalMIDI { try c.encode(drumMap, forKey: .drumMap) }
        try c.encodeIfPresent(accents?.description, forKey: .accents)
        if freeTime { try c.encode("free", forKey: .grid) }
        try c.encode(countInBars, forKey: .countIn)
        if let gap {
            var g = c.nested(GapKeys.self, forKey: .gap)
            try g.counts([.playBars: gap.playBars, .muteBars: gap.muteBars])
        } else {
            try c.container.encodeNil(forKey: .gap)
        }
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(preset, forKey: .preset)
        try c.encodeIfPresent(setlist, forKey: .setlist)
        if let alsaTimestampUncertaintyMs {
            try c.milliseconds([.alsaTimestampUncertaintyMs: alsaTimestampUncertaintyMs])
        }
    }
}

private extension KeyedDecodingContainer {
    /// The text under `key` as `parse` reads it; text it refuses is named
    /// in the error as not `what` the field holds.
    func decode<Value>(_ key: Key, parsing parse: (String) -> Value?, as what: String) throws -> Value {
        let text = try decode(String.self, forKey: key)
        guard let value = parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(text)\" is not \(what)")
        }
        return value
    }
}
