/// A practice setup as written in a JSON config file (or given as command-line
/// flags): every setting is optional, and missing ones take the defaults.
///
/// ```json
/// {"bpm": 97, "meter": "7/8", "subdivision": 2, "accents": "X.x.x..",
///  "countIn": 1, "bars": 64, "sound": "woodblock",
///  "gap": {"play": 4, "mute": 2},
///  "tempoMap": [{"bar": 33, "bpm": 104, "meter": "4/4", "rampBars": 8}]}
/// ```
public struct PracticeConfig: Hashable, Sendable {
    /// Starting tempo, in beats of the beat unit per minute.
    public var bpm: Tempo?
    /// Time signature, `"7/8"`.
    public var meter: Meter?
    /// Note value of one beat: `"4"`, `"8"`, `"4."`; the meter's default when nil.
    public var beatUnit: BeatUnit?
    /// Click pulses per beat: 1, 2, 3, 4, 5, 6 or 8.
    public var subdivision: Int?
    /// Accent pattern, `"X.x."` (see `AccentPattern`).
    public var accents: AccentPattern?
    /// Bars of count-in before bar 1.
    public var countIn: Int?
    /// Bars to play after the count-in (or `durationSeconds`, not both).
    public var bars: Int?
    /// Seconds to play after the count-in.
    public var durationSeconds: Double?
    public var sampleRate: Int?
    /// A built-in voice name or a path to a WAV file.
    public var sound: String?
    /// A multiplier of the click's loudness (klick's `-v`); nil is 1.
    public var volume: Double?
    /// A multiplier of the click's pitch (klick's `-w`); nil is 1.
    public var pitch: Double?
    /// Tempo ramp from bar 1 (instead of `bpm`).
    public var ramp: TempoRamp?
    /// Gap click: bars with the click, then bars without.
    public var gap: GapPattern?
    /// Tempo and meter changes at later bars, in bar order.
    public var tempoMap: [TempoChange]?
    /// Round-trip latency to compensate when scoring, in milliseconds.
    public var latencyMs: Double?
    /// A speed-building program (instead of `bpm`, `ramp` and `tempoMap`).
    public var speedTrainer: SpeedTrainer?
    /// Single beats left silent at random.
    public var randomMute: RandomMute?
    /// Minutes of playing before a rest reminder (repeating).
    public var practiceMinutes: Double?
    /// Minutes of the rest after each `practiceMinutes`.
    public var restMinutes: Double?
    /// Click layers over the main click (polyrhythms).
    public var layers: [ClickLayer]?

    public init(
        bpm: Tempo? = nil, meter: Meter? = nil, beatUnit: BeatUnit? = nil, subdivision: Int? = nil,
        accents: AccentPattern? = nil, countIn: Int? = nil, bars: Int? = nil, durationSeconds: Double? = nil,
        sampleRate: Int? = nil, sound: String? = nil, ramp: TempoRamp? = nil, gap: GapPattern? = nil,
        tempoMap: [TempoChange]? = nil, latencyMs: Double? = nil, speedTrainer: SpeedTrainer? = nil,
        randomMute: RandomMute? = nil, practiceMinutes: Double? = nil, restMinutes: Double? = nil
    ) {
        self.bpm = bpm
        self.meter = meter
        self.beatUnit = beatUnit
        self.subdivision = subdivision
        self.accents = accents
        self.countIn = countIn
        self.bars = bars
        self.durationSeconds = durationSeconds
        self.sampleRate = sampleRate
        self.sound = sound
        self.ramp = ramp
        self.gap = gap
        self.tempoMap = tempoMap
        self.latencyMs = latencyMs
        self.speedTrainer = speedTrainer
        self.randomMute = randomMute
        self.practiceMinutes = practiceMinutes
        self.restMinutes = restMinutes
    }

    /// Defaults for what a config leaves out.
    public static let defaultTempo = Tempo(milliBPM: 120_000)
    public static let defaultSampleRate = 48_000
    public static let defaultSound = "woodblock"

    /// The JSON field names, in the order they are documented.
    public static let fieldNames = [
        "bpm", "meter", "beatUnit", "subdivision", "accents", "countIn", "bars", "durationSeconds",
        "sampleRate", "sound", "volume", "pitch", "ramp", "gap", "tempoMap", "latencyMs", "speedTrainer", "randomMute",
        "practiceMinutes", "restMinutes", "layers",
    ]

    /// This config with every setting `overrides` gives replacing its own.
    /// Settings that exclude each other go together: giving `bars` or
    /// `durationSeconds` replaces both, and giving `bpm`, `ramp` or
    /// `speedTrainer` replaces all three.
    public func overridden(by overrides: PracticeConfig) -> PracticeConfig {
        var merged = self
        if overrides.bpm != nil || overrides.ramp != nil || overrides.speedTrainer != nil {
            merged.bpm = overrides.bpm
            merged.ramp = overrides.ramp
            merged.speedTrainer = overrides.speedTrainer
        }
        if overrides.bars != nil || overrides.durationSeconds != nil {
            merged.bars = overrides.bars
            merged.durationSeconds = overrides.durationSeconds
        }
        merged.meter = overrides.meter ?? meter
        merged.beatUnit = overrides.beatUnit ?? beatUnit
        merged.subdivision = overrides.subdivision ?? subdivision
        merged.accents = overrides.accents ?? accents
        merged.countIn = overrides.countIn ?? countIn
        merged.sampleRate = overrides.sampleRate ?? sampleRate
        merged.sound = overrides.sound ?? sound
        merged.volume = overrides.volume ?? volume
        merged.pitch = overrides.pitch ?? pitch
        merged.gap = overrides.gap ?? gap
        merged.tempoMap = overrides.tempoMap ?? tempoMap
        merged.latencyMs = overrides.latencyMs ?? latencyMs
        merged.randomMute = overrides.randomMute ?? randomMute
        merged.practiceMinutes = overrides.practiceMinutes ?? practiceMinutes
        merged.restMinutes = overrides.restMinutes ?? restMinutes
        merged.layers = overrides.layers ?? layers
        return merged
    }

    /// The top-level fields this config sets. The properties are named as
    /// the fields are, and a property not given is nil: a mirror of an
    /// optional has a child only when it holds a value.
    public var givenFields: Set<String> {
        Set(Mirror(reflecting: self).children.compactMap { property in
            Mirror(reflecting: property.value).children.isEmpty ? nil : property.label
        })
    }
}

extension PracticeConfig {
    /// Reads a config from JSON text, strictly: broken JSON is reported with
    /// its line and column; unknown fields, duplicate keys and wrong types
    /// with the field's path. Values are not checked here (see `validate()`).
    /// - Throws: `SettingError`.
    public init(json bytes: [UInt8]) throws(SettingError) {
        self = try ConfigJSON.decode(PracticeConfig.self, from: bytes, kind: "a practice config")
    }
}
