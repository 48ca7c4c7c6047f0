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
        ramp = try object.decode(RampEntry.self, "ramp")?.ramp
        gap = try object.decode(GapEntry.self, "gap")?.gap
        tempoMap = try object.decode([TempoMapEntry].self, "tempoMap")?.map(\.change)
        latencyMs = try object.number("latencyMs")
        speedTrainer = try object.decode(SpeedTrainerEntry.self, "speedTrainer")?.trainer
        randomMute = try object.decode(RandomMuteEntry.self, "randomMute")?.mute
        practiceMinutes = try object.number("practiceMinutes")
        restMinutes = try object.number("restMinutes")
        layers = try object.decode([LayerEntry].self, "layers")?.map(\.layer)
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
        try container.encodeIfPresent(ramp.map(RampEntry.init), forKey: ConfigKey("ramp"))
        try container.encodeIfPresent(gap.map(GapEntry.init), forKey: ConfigKey("gap"))
        try container.encodeIfPresent(tempoMap?.map(TempoMapEntry.init), forKey: ConfigKey("tempoMap"))
        try container.encodeIfPresent(latencyMs, forKey: ConfigKey("latencyMs"))
        try container.encodeIfPresent(speedTrainer.map(SpeedTrainerEntry.init), forKey: ConfigKey("speedTrainer"))
        try container.encodeIfPresent(randomMute.map(RandomMuteEntry.init), forKey: ConfigKey("randomMute"))
        try container.encodeIfPresent(practiceMinutes, forKey: ConfigKey("practiceMinutes"))
        try container.encodeIfPresent(restMinutes, forKey: ConfigKey("restMinutes"))
        try container.encodeIfPresent(layers?.map(LayerEntry.init), forKey: ConfigKey("layers"))
    }

    static let beatUnitChoices = "a beat unit 2, 4, 8, 16 or dotted 4., 8."
    static let accentCharacters = "accents of X (accent), x (beat), o (soft) and . (silent) like X.x."
}

/// `{"from": 80, "to": 140, "bars": 32}`
private struct RampEntry: Codable {
    var ramp: TempoRamp

    init(_ ramp: TempoRamp) {
        self.ramp = ramp
    }

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["from", "to", "bars"])
        guard let from = try object.tempo("from") else { throw object.error("from", "missing; the tempo the ramp starts at") }
        guard let to = try object.tempo("to") else { throw object.error("to", "missing; the tempo the ramp reaches") }
        guard let bars = try object.integer("bars") else { throw object.error("bars", "missing; how many bars the ramp takes") }
        ramp = TempoRamp(from: from, to: to, bars: bars)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(ramp.from.bpm, forKey: ConfigKey("from"))
        try container.encode(ramp.to.bpm, forKey: ConfigKey("to"))
        try container.encode(ramp.bars, forKey: ConfigKey("bars"))
    }
}

/// `{"play": 4, "mute": 2}`
private struct GapEntry: Codable {
    var gap: GapPattern

    init(_ gap: GapPattern) {
        self.gap = gap
    }

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["play", "mute"])
        guard let play = try object.integer("play") else { throw object.error("play", "missing; bars with the click") }
        guard let mute = try object.integer("mute") else { throw object.error("mute", "missing; bars without the click") }
        gap = GapPattern(playBars: play, muteBars: mute)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(gap.playBars, forKey: ConfigKey("play"))
        try container.encode(gap.muteBars, forKey: ConfigKey("mute"))
    }
}

/// `{"bar": 9, "bpm": 120, "meter": "3/4", "beatUnit": "4", "rampBars": 0}`
private struct TempoMapEntry: Codable {
    var change: TempoChange

    init(_ change: TempoChange) {
        self.change = change
    }

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["bar", "bpm", "meter", "beatUnit", "rampBars", "accents"])
        guard let bar = try object.integer("bar") else { throw object.error("bar", "missing; the bar the change starts at") }
        change = TempoChange(
            bar: bar,
            tempo: try object.tempo("bpm"),
            meter: try object.parsed("meter", expected: "a meter N/D like 3/4", Meter.init(parsing:)),
            beatUnit: try object.parsed("beatUnit", expected: PracticeConfig.beatUnitChoices, BeatUnit.init(parsing:)),
            rampBars: try object.integer("rampBars") ?? 0,
            accents: try object.parsed("accents", expected: PracticeConfig.accentCharacters, AccentPattern.init(parsing:)))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(change.bar, forKey: ConfigKey("bar"))
        try container.encodeIfPresent(change.tempo?.bpm, forKey: ConfigKey("bpm"))
        try container.encodeIfPresent(change.meter?.description, forKey: ConfigKey("meter"))
        try container.encodeIfPresent(change.beatUnit?.description, forKey: ConfigKey("beatUnit"))
        if change.rampBars != 0 {
            try container.encode(change.rampBars, forKey: ConfigKey("rampBars"))
        }
        try container.encodeIfPresent(change.accents?.description, forKey: ConfigKey("accents"))
    }
}

/// `{"count": 3, "span": "bar", "accents": "Xxx", "sound": "beep", "volume": 0.8}`
private struct LayerEntry: Codable {
    var layer: ClickLayer

    init(_ layer: ClickLayer) {
        self.layer = layer
    }

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["count", "span", "accents", "sound", "volume"])
        guard let count = try object.integer("count") else { throw object.error("count", "missing; how many clicks the layer divides its span into") }
        let span = try object.parsed("span", expected: "bar or beat", ClickLayer.Span.init(rawValue:)) ?? .bar
        layer = ClickLayer(
            count: count, span: span,
            accents: try object.parsed("accents", expected: PracticeConfig.accentCharacters, AccentPattern.init(parsing:)),
            sound: try object.string("sound"), volume: try object.number("volume"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(layer.count, forKey: ConfigKey("count"))
        try container.encode(layer.span.rawValue, forKey: ConfigKey("span"))
        try container.encodeIfPresent(layer.accents?.description, forKey: ConfigKey("accents"))
        try container.encodeIfPresent(layer.sound, forKey: ConfigKey("sound"))
        try container.encodeIfPresent(layer.volume, forKey: ConfigKey("volume"))
    }
}
