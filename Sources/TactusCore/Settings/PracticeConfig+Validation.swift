extension PracticeConfig {
    /// Sessions tactus renders or runs: at most this many bars, or seconds.
    public static let allowedBars = 1...100_000
    public static let allowedDuration = 0.001...86_400.0
    public static let allowedLatencyMs = -1000.0...1000.0
    /// Bars of count-in when none are given.
    public static let defaultCountIn = 0

    /// Checks every setting and how they fit together.
    /// - Throws: `SettingError` for the first problem, naming the field.
    public func validate() throws(SettingError) {
        if let bpm { try Self.check(bpm, field: "bpm") }
        let meter = meter ?? .fourFour
        if self.meter != nil {
            try Timeline.validateMeter(meter, beatUnit: nil, field: "meter")
        }
        if let beatUnit {
            try Timeline.validateMeter(meter, beatUnit: beatUnit, field: "beatUnit")
        }
        let subdivision = subdivision ?? 1
        try Timeline.validateSubdivision(subdivision)
        if let accents {
            try Self.check(accents, meter: meter, beatUnit: beatUnit, subdivision: subdivision, field: "accents")
        }
        if let countIn { try Timeline.validateCountIn(countIn) }
        if let bars, !Self.allowedBars.contains(bars) {
            throw SettingError(field: "bars", message: "\(bars) is outside \(OptionHelp.range(Self.allowedBars))")
        }
        if let durationSeconds {
            guard Self.allowedDuration.contains(durationSeconds) else {
                throw SettingError(field: "durationSeconds", message: "\(durationSeconds) seconds is outside \(OptionHelp.range(Self.allowedDuration))")
            }
            if bars != nil {
                throw SettingError(field: "durationSeconds", message: "give bars or durationSeconds, not both")
            }
        }
        if let sampleRate, !Timeline.allowedSampleRates.contains(sampleRate) {
            throw SettingError(field: "sampleRate", message: "\(sampleRate) is outside \(OptionHelp.range(Timeline.allowedSampleRates)) Hz")
        }
        if let volume, !ClickSound.allowedVolume.contains(volume) {
            throw SettingError(field: "volume", message: "\(NumberText.plain(volume)) is outside \(OptionHelp.range(ClickSound.allowedVolume))")
        }
        if let pitch, !ClickSound.allowedPitch.contains(pitch) {
            throw SettingError(field: "pitch", message: "\(NumberText.plain(pitch)) is outside \(OptionHelp.range(ClickSound.allowedPitch))")
        }
        if let layers { try ClickLayer.validate(layers, volumes: true) }
        if let sound, sound.isEmpty {
            throw SettingError(field: "sound", message: "empty; give a voice name or a .wav file")
        }
        var earliestChange = 1
        if let ramp {
            if bpm != nil {
                throw SettingError(field: "ramp", message: "give bpm or ramp, not both; the ramp starts at its 'from' tempo")
            }
            try Self.check(ramp.from, field: "ramp.from")
            try Self.check(ramp.to, field: "ramp.to")
            guard TempoRamp.allowedBars.contains(ramp.bars) else {
                throw SettingError(field: "ramp.bars", message: "\(ramp.bars) is outside \(OptionHelp.range(TempoRamp.allowedBars))")
            }
            earliestChange = 1 + ramp.bars
        }
        if let gap { try GapSchedule.bars(gap).validate() }
        var meterInForce = meter
        var unitInForce = beatUnit
        var rule = ramp.map { "at or after bar \(1 + $0.bars), where the ramp ends" } ?? "1 or later"
        for (index, change) in (tempoMap ?? []).enumerated() {
            let field = "tempoMap[\(index)]"
            guard change.bar >= earliestChange else {
                throw SettingError(field: "\(field).bar", message: "must be \(rule)")
            }
            guard change.bar <= Self.allowedBars.upperBound else {
                throw SettingError(field: "\(field).bar", message: "\(change.bar) is beyond bar \(Self.allowedBars.upperBound)")
            }
            guard change.tempo != nil || change.meter != nil || change.beatUnit != nil || change.accents != nil else {
                throw SettingError(field: field, message: "changes nothing; give bpm, meter, beatUnit or accents")
            }
            if let tempo = change.tempo { try Self.check(tempo, field: "\(field).bpm") }
            guard TempoChange.allowedRampBars.contains(change.rampBars) else {
                throw SettingError(field: "\(field).rampBars", message: "\(change.rampBars) is outside \(OptionHelp.range(TempoChange.allowedRampBars))")
            }
            if change.rampBars > 0 && change.tempo == nil {
                throw SettingError(field: "\(field).bpm", message: "missing; a ramp needs the tempo it ramps to")
            }
            if let newMeter = change.meter {
                try Timeline.validateMeter(newMeter, beatUnit: nil, field: "\(field).meter")
            }
            if change.meter != nil || change.beatUnit != nil {
                let changed = change.beatUnit != nil ? "beatUnit" : "meter"
                try Timeline.validateMeter(change.meter ?? meter, beatUnit: change.beatUnit, field: "\(field).\(changed)")
                meterInForce = change.meter ?? meterInForce
                unitInForce = change.beatUnit
            }
            if let accents = change.accents {
                try Self.check(accents, meter: meterInForce, beatUnit: unitInForce, subdivision: subdivision, field: "\(field).accents")
            }
            earliestChange = change.bar + max(change.rampBars, 1)
            rule = change.rampBars > 0 ? "at or after bar \(earliestChange), where the ramp from bar \(change.bar) ends" : "after bar \(change.bar)"
        }
        if let latencyMs, !Self.allowedLatencyMs.contains(latencyMs) {
            throw SettingError(field: "latencyMs", message: "\(latencyMs) is outside \(OptionHelp.range(Self.allowedLatencyMs)) ms")
        }
        try validatePrograms()
    }

    /// The timeline this config describes (defaults filled in), after `validate()`.
    /// - Throws: `SettingError` naming the field at fault.
    public func timelineSpec() throws(SettingError) -> TimelineSpec {
        try validate()
        var changes: [TempoChange] = []
        if let ramp {
            changes.append(TempoChange(bar: 1, tempo: ramp.to, rampBars: ramp.bars))
        }
        changes += scheduledTrainerChanges
        changes += tempoMap ?? []
        let spec = TimelineSpec(
            sampleRate: sampleRate ?? Self.defaultSampleRate, tempo: ramp?.from ?? speedTrainer?.start ?? bpm ?? Self.defaultTempo,
            meter: meter ?? .fourFour, beatUnit: beatUnit, subdivision: subdivision ?? 1, accents: accents,
            countInBars: countIn ?? Self.defaultCountIn, changes: changes, gap: gap, layers: layers ?? [])
        do {
            _ = try Timeline(spec: spec)
        } catch {
            throw SettingError(field: configField(forTimelineField: error.field), message: error.message)
        }
        return spec
    }

    /// The config's name for a `TimelineSpec` field: the ramp is change 0 when
    /// there is one, tempo map entries follow.
    func configField(forTimelineField field: String) -> String {
        guard field.hasPrefix("changes["), let close = field.firstIndex(of: "]"),
              let index = Int(field[field.index(field.startIndex, offsetBy: 8)..<close]) else {
            return field == "countInBars" ? "countIn" : field
        }
        if speedTrainer != nil { return "speedTrainer" }
        let rest = field[field.index(after: close)...]
        if ramp != nil {
            return index == 0 ? "ramp" : "tempoMap[\(index - 1)]\(rest)"
        }
        return "tempoMap[\(index)]\(rest)"
    }

    /// A pattern must have a mark per beat of the bar, or per pulse.
    static func check(
        _ accents: AccentPattern, meter: Meter, beatUnit: BeatUnit?, subdivision: Int, field: String
    ) throws(SettingError) {
        let beats = meter.beatsPerBar(in: beatUnit ?? meter.defaultBeatUnit) ?? meter.beats
        let count = accents.levels.count
        guard count == beats || count == beats * subdivision else {
            let pulses = subdivision > 1 ? " (or \(beats * subdivision), one per pulse at subdivision \(subdivision))" : ""
            throw SettingError(
                field: field,
                message: "'\(accents)' has \(count) \(count == 1 ? "mark" : "marks"); a bar of \(meter) needs \(beats)\(pulses)")
        }
    }

    static func check(_ tempo: Tempo, field: String) throws(SettingError) {
        guard Tempo.allowed.contains(tempo) else {
            throw SettingError(field: field, message: "\(tempo) is outside \(OptionHelp.range(Tempo.allowed))")
        }
    }
}
