extension PracticeConfig: Codable {
    /// Strict decoding: unknown fields and wrong types throw
    /// `SettingError` naming the field; values are checked by `validate()`.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, alsoAllowing: [])
    }

    /// Decoding of an object that holds a config's fields plus some of its own
    /// (a setlist preset's `name`), which the caller reads.
    init(from decoder: any Decoder, alsoAllowing extraFields: [String]) throws {
        let object = try ConfigObject(decoder, fields: Self.fieldNames + extraFields)
        self.init()
        bpm = try object.tempo("bpm")
        meter = try object.parsed("meter", expected: "a meter N/D like 7/8", Meter.init(parsing:))
        beatUnit = try object.parsed("beatUnit", expected: Self.beatUnitChoices, BeatUnit.init(parsing:))
        subdivision = try object.integer("subdivision")
        accents = try object.parsed("accents", expected: Self.accentCharacters, AccentPattern.init(parsing:))
        countIn = try object.integer("countIn")
        bars = try object.integer("bars")
        durationSeconds = try object.number("durationSeconds")
        sampleRate = try object.integer("sampleRate")
        sound = try object.string("sound")
        volume = try object.number("volume")
        pitch = try object.number("pitch")
        ramp = try object.decode(TempoRamp.self, "ramp")
        gap = try object.decode(GapPattern.self, "gap")
        tempoMap = try object.decode([TempoChange].self, "tempoMap")
        latencyMs = try object.number("latencyMs")
        speedTrainer = try object.decode(SpeedTrainer.self, "speedTrainer")
        randomMute = try object.decode(RandomMute.self, "randomMute")
        practiceMinutes = try object.number("practiceMinutes")
        restMinutes = try object.number("restMinutes")
        layers = try object.decode([ClickLayer].self, "layers")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encodeIfPresent(bpm?.bpm, forKey: ConfigKey("bpm"))
        try container.encodeIfPresent(meter?.description, forKey: ConfigKey("meter"))
        try container.encodeIfPresent(beatUnit?.description, forKey: ConfigKey("beatUnit"))
        try container.encodeIfPresent(subdivision, forKey: ConfigKey("subdivision"))
        try container.encodeIfPresent(accents?.description, forKey: ConfigKey("accents"))
        try container.encodeIfPresent(countIn, forKey: ConfigKey("countIn"))
        try container.encodeIfPresent(bars, forKey: ConfigKey("bars"))
        try container.encodeIfPresent(durationSeconds, forKey: ConfigKey("durationSeconds"))
        try container.encodeIfPresent(sampleRate, forKey: ConfigKey("sampleRate"))
        try container.encodeIfPresent(sound, forKey: ConfigKey("sound"))
        try container.encodeIfPresent(volume, forKey: ConfigKey("volume"))
        try container.encodeIfPresent(pitch, forKey: ConfigKey("pitch"))
        try container.encodeIfPresent(ramp, forKey: ConfigKey("ramp"))
        try container.encodeIfPresent(gap, forKey: ConfigKey("gap"))
        try container.encodeIfPresent(tempoMap, forKey: ConfigKey("tempoMap"))
        try container.encodeIfPresent(latencyMs, forKey: ConfigKey("latencyMs"))
        try container.encodeIfPresent(speedTrainer, forKey: ConfigKey("speedTrainer"))
        try container.encodeIfPresent(randomMute, forKey: ConfigKey("randomMute"))
        try container.encodeIfPresent(practiceMinutes, forKey: ConfigKey("practiceMinutes"))
        try container.encodeIfPresent(restMinutes, forKey: ConfigKey("restMinutes"))
        try container.encodeIfPresent(layers, forKey: ConfigKey("layers"))
    }

    static let beatUnitChoices = "a beat unit 2, 4, 8, 16 or dotted 4., 8."
    static let accentCharacters = "accents of X (accent), x (beat), o (soft) and . (silent) like X.x."
}

/// `{"from": 80, "to": 140, "bars": 32}`
extension TempoRamp: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["from", "to", "bars"])
        guard let from = try object.tempo("from") else { throw object.error("from", "missing; the tempo the ramp starts at") }
        guard let to = try object.tempo("to") else { throw object.error("to", "missing; the tempo the ramp reaches") }
        guard let bars = try object.integer("bars") else { throw object.error("bars", "missing; how many bars the ramp takes") }
        self.init(from: from, to: to, bars: bars)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(from.bpm, forKey: ConfigKey("from"))
        try container.encode(to.bpm, forKey: ConfigKey("to"))
        try container.encode(bars, forKey: ConfigKey("bars"))
    }
}

/// `{"play": 4, "mute": 2}`
extension GapPattern: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["play", "mute"])
        guard let play = try object.integer("play") else { throw object.error("play", "missing; bars with the click") }
        guard let mute = try object.integer("mute") else { throw object.error("mute", "missing; bars without the click") }
        self.init(playBars: play, muteBars: mute)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(playBars, forKey: ConfigKey("play"))
        try container.encode(muteBars, forKey: ConfigKey("mute"))
    }
}

/// `{"bar": 9, "bpm": 120, "meter": "3/4", "beatUnit": "4", "rampBars": 0}`
extension TempoChange: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["bar", "bpm", "meter", "beatUnit", "rampBars", "accents"])
        guard let bar = try object.integer("bar") else { throw object.error("bar", "missing; the bar the change starts at") }
        self.init(
            bar: bar,
            tempo: try object.tempo("bpm"),
            meter: try object.parsed("meter", expected: "a meter N/D like 3/4", Meter.init(parsing:)),
            beatUnit: try object.parsed("beatUnit", expected: PracticeConfig.beatUnitChoices, BeatUnit.init(parsing:)),
            rampBars: try object.integer("rampBars") ?? 0,
            accents: try object.parsed("accents", expected: PracticeConfig.accentCharacters, AccentPattern.init(parsing:)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(bar, forKey: ConfigKey("bar"))
        try container.encodeIfPresent(tempo?.bpm, forKey: ConfigKey("bpm"))
        try container.encodeIfPresent(meter?.description, forKey: ConfigKey("meter"))
        try container.encodeIfPresent(beatUnit?.description, forKey: ConfigKey("beatUnit"))
        if rampBars != 0 {
            try container.encode(rampBars, forKey: ConfigKey("rampBars"))
        }
        try container.encodeIfPresent(accents?.description, forKey: ConfigKey("accents"))
    }
}

/// `{"count": 3, "span": "bar", "accents": "Xxx", "sound": "beep", "volume": 0.8}`
extension ClickLayer: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["count", "span", "accents", "sound", "volume"])
        guard let count = try object.integer("count") else { throw object.error("count", "missing; how many clicks the layer divides its span into") }
        let span = try object.parsed("span", expected: "bar or beat", ClickLayer.Span.init(rawValue:)) ?? .bar
        self.init(
            count: count, span: span,
            accents: try object.parsed("accents", expected: PracticeConfig.accentCharacters, AccentPattern.init(parsing:)),
            sound: try object.string("sound"), volume: try object.number("volume"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(count, forKey: ConfigKey("count"))
        try container.encode(span.rawValue, forKey: ConfigKey("span"))
        try container.encodeIfPresent(accents?.description, forKey: ConfigKey("accents"))
        try container.encodeIfPresent(sound, forKey: ConfigKey("sound"))
        try container.encodeIfPresent(volume, forKey: ConfigKey("volume"))
    }
}
