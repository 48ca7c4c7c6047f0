extension PracticeConfig {
    /// Most steps a speed trainer may take from start to target (each is a
    /// segment of the timeline the engine holds).
    public static let maximumTrainerSteps = 500
    /// Longest practice or rest period, in minutes.
    public static let allowedMinutes = 0.0...1440.0

    /// Checks the practice programs and how they fit the rest of the config.
    func validatePrograms() throws(SettingError) {
        if let speedTrainer {
            do {
                try speedTrainer.validate()
            } catch {
                let field = error.field == "gate.maxMeanOffsetMs" ? "gate.maxMeanMs" : error.field
                throw SettingError(field: "speedTrainer.\(field)", message: error.message)
            }
            if bpm != nil {
                throw SettingError(field: "speedTrainer", message: "give bpm or speedTrainer, not both; the trainer starts at its start tempo")
            }
            if ramp != nil {
                throw SettingError(field: "speedTrainer", message: "give ramp or speedTrainer, not both")
            }
            if tempoMap != nil {
                throw SettingError(field: "speedTrainer", message: "give tempoMap or speedTrainer, not both; the trainer sets the tempo")
            }
            guard speedTrainer.stepCount <= Self.maximumTrainerSteps else {
                throw SettingError(
                    field: "speedTrainer.step",
                    message: "\(speedTrainer.stepCount) steps from \(speedTrainer.start) to \(speedTrainer.target) BPM; at most \(Self.maximumTrainerSteps), take bigger steps")
            }
        }
        if let randomMute {
            do {
                try randomMute.validate()
            } catch {
                let field = error.field == "gap.percent" ? "percent" : error.field
                throw SettingError(field: "randomMute.\(field)", message: error.message)
            }
        }
        if let practiceMinutes {
            guard practiceMinutes.isFinite, practiceMinutes > 0, practiceMinutes <= Self.allowedMinutes.upperBound else {
                throw SettingError(field: "practiceMinutes", message: "\(practiceMinutes) is not more than 0 and at most 1440 minutes")
            }
        }
        if let restMinutes {
            guard restMinutes.isFinite, Self.allowedMinutes.contains(restMinutes) else {
                throw SettingError(field: "restMinutes", message: "\(restMinutes) is outside 0–1440 minutes")
            }
            guard practiceMinutes != nil else {
                throw SettingError(field: "restMinutes", message: "needs practiceMinutes, the playing time before each rest")
            }
        }
    }

    /// The tempo changes an ungated speed trainer puts in the timeline.
    var scheduledTrainerChanges: [TempoChange] {
        guard let speedTrainer, speedTrainer.gate == nil else { return [] }
        return speedTrainer.tempoChanges(startBar: 1)
    }

    /// Bars the session plays: `bars`, or with neither `bars` nor
    /// `durationSeconds`, the end of an ungated trainer that stops at its target.
    public var sessionBars: Int? {
        if let bars { return bars }
        guard durationSeconds == nil, let speedTrainer, speedTrainer.gate == nil else { return nil }
        return speedTrainer.lastBar(startBar: 1)
    }

    /// The programs to run at `sampleRate`; `seed` is used when `randomMute`
    /// has none of its own.
    public func programs(sampleRate: Int, seed: UInt64) -> PracticePrograms {
        PracticePrograms(
            speedTrainer: speedTrainer,
            randomMute: randomMute.map { $0.schedule(seed: seed) },
            timer: practiceMinutes.map { PracticeTimer(sampleRate: sampleRate, playMinutes: $0, restMinutes: restMinutes ?? 0) })
    }
}

/// `{"start": 80, "step": 5, "everyBars": 4, "target": 120, "atTarget": "hold",
///   "gate": {"maxMeanMs": 10, "maxSdMs": 15}}`
extension SpeedTrainer: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["start", "step", "everyBars", "target", "atTarget", "gate"])
        guard let start = try object.tempo("start") else { throw object.error("start", "missing; the tempo to start at") }
        guard let step = try object.tempo("step") else { throw object.error("step", "missing; BPM added at each step") }
        guard let bars = try object.integer("everyBars") else { throw object.error("everyBars", "missing; bars played at each tempo") }
        guard let target = try object.tempo("target") else { throw object.error("target", "missing; the tempo to reach") }
        let atTarget = try object.parsed("atTarget", expected: "hold or stop", SpeedTrainer.AtTarget.init(rawValue:)) ?? .hold
        let gate = try object.decode(Gate.self, "gate")
        self.init(start: start, step: step, target: target, barsPerStep: bars, atTarget: atTarget, gate: gate)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(start.bpm, forKey: ConfigKey("start"))
        try container.encode(step.bpm, forKey: ConfigKey("step"))
        try container.encode(barsPerStep, forKey: ConfigKey("everyBars"))
        try container.encode(target.bpm, forKey: ConfigKey("target"))
        try container.encode(atTarget.rawValue, forKey: ConfigKey("atTarget"))
        try container.encodeIfPresent(gate, forKey: ConfigKey("gate"))
    }
}

/// `{"maxMeanMs": 10, "maxSdMs": 15}`
extension SpeedTrainer.Gate: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["maxMeanMs", "maxSdMs"])
        guard let mean = try object.number("maxMeanMs") else { throw object.error("maxMeanMs", "missing; the largest |mean offset| in ms that passes") }
        guard let sd = try object.number("maxSdMs") else { throw object.error("maxSdMs", "missing; the largest SD in ms that passes") }
        self.init(maxMeanOffsetMs: mean, maxSdMs: sd)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(maxMeanOffsetMs, forKey: ConfigKey("maxMeanMs"))
        try container.encode(maxSdMs, forKey: ConfigKey("maxSdMs"))
    }
}

/// `{"percent": 25, "seed": 7}`
extension RandomMute: Codable {
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["percent", "seed"])
        guard let percent = try object.number("percent") else { throw object.error("percent", "missing; the share of beats to mute, \(OptionHelp.range(RandomMute.allowedPercent))") }
        var seed: UInt64?
        if let value = try object.number("seed") {
            guard value == value.rounded(), value >= 0, value <= Double(RandomMute.largestSeed) else {
                throw object.error("seed", "expected a whole number from 0 to 2^53, got \(value)")
            }
            seed = UInt64(value)
        }
        self.init(percent: percent, seed: seed)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ConfigKey.self)
        try container.encode(percent, forKey: ConfigKey("percent"))
        try container.encodeIfPresent(seed, forKey: ConfigKey("seed"))
    }
}
