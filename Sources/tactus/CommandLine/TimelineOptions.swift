import TactusCore

/// The options that set up the practice timeline and its click, shared by
/// every command that plays or renders one. Each maps onto a field of
/// `PracticeConfig`; given with `--config FILE`, they override the file.
struct TimelineOptions {
    var configPath: String?
    /// The settings given as flags.
    var overrides = PracticeConfig()
    /// `--gate`: the gate of the speed trainer, from the flags or the config.
    var trainerGate: SpeedTrainer.Gate?
    /// `--poly N:M`, in order, and `--poly-span`.
    var poly: [(count: Int, beats: Int)] = []
    var polySpan: ClickLayer.Span?

    static let optionTable: [Option<TimelineOptions>] = [
        Option("--config", "FILE", "Practice config (JSON) or klick tempo map; flags override its settings.", .text) { $0.configPath = $1 },
        Option("--bpm", "N", "Tempo in beats per minute, {range}.", .tempo, default: PracticeConfig.defaultTempo) { options, tempo throws(CommandLineError) in
            guard !options.shorthandTempo else { throw .usage("--bpm and a TEMPO argument exclude each other; give one") }
            options.overrides.bpm = tempo
        }.setting("bpm"),
        Option("--meter", "N/D", "Time signature.", .meter, default: .fourFour) { options, meter throws(CommandLineError) in
            guard !options.shorthandMeter else { throw .usage("--meter and a METER argument exclude each other; give one") }
            options.overrides.meter = meter
        }.setting("meter"),
        Option("--beat-unit", "4|8|4.|…", "The note one beat lasts (default: the meter's; 6/8 beats in 4.).",
               .parsed(expected: BeatUnit.choices, BeatUnit.init(parsing:))) { $0.overrides.beatUnit = $1 }.setting("beatUnit"),
        .subdivision("Clicks per beat") { $0.overrides.subdivision = $1 }.setting("subdivision"),
        .accents("X accent, x beat, o soft, . silent: one per beat or per click.") { $0.overrides.accents = $1 }.setting("accents"),
        .countIn { $0.overrides.countIn = $1 }.setting("countIn"),
        Option("--ramp", "FROM-TO/BARS", "Glide the tempo from bar 1, e.g. 80-140/32 (instead of --bpm).",
               .parsed(expected: "FROM-TO/BARS with tempos \(OptionHelp.range(Tempo.allowed)) and \(OptionHelp.range(TempoRamp.allowedBars)) bars, like 80-140/32") {
                   (text: String) -> TempoRamp? in
                   guard let ramp = TempoRamp(parsing: text), Tempo.allowed.contains(ramp.from), Tempo.allowed.contains(ramp.to),
                         TempoRamp.allowedBars.contains(ramp.bars) else { return nil }
                   return ramp
               }) { $0.overrides.ramp = $1 }.setting("ramp"),
        Option("--gap", "PLAY,MUTE", "Gap click: bars with the click, bars without, e.g. 4,2.",
               .parsed(expected: "PLAY,MUTE bars with PLAY \(OptionHelp.range(GapPattern.allowedPlayBars)) and MUTE \(OptionHelp.range(GapPattern.allowedBars)), like 4,2") {
                   GapPattern(parsing: $0).flatMap { $0.isAllowed ? $0 : nil }
               }) { $0.overrides.gap = $1 }.setting("gap"),
        .bars { $0.overrides.bars = $1 }.setting("bars"),
        Option("--duration", "SECONDS", "Seconds to play after the count-in, up to \(OptionHelp.number(PracticeConfig.allowedDuration.upperBound)) (instead of --bars).",
               .number(in: PracticeConfig.allowedDuration, what: "seconds")) { $0.overrides.durationSeconds = $1 }.setting("durationSeconds"),
        Option("--sample-rate", "HZ", "Sample rate, {range}.", .sampleRate, default: PracticeConfig.defaultSampleRate) { $0.overrides.sampleRate = $1 }.setting("sampleRate"),
        Option("--sound", "NAME|FILE.wav", "woodblock, beep, bell, hat or a WAV file.",
               .parsed(expected: "a voice name or a .wav file") { $0.isEmpty ? nil : $0 }, default: PracticeConfig.defaultSound) { $0.overrides.sound = $1 }.setting("sound"),
        Option("--volume", "MULT", "Click volume multiplier, {range}, as klick -v.",
               .multiplier(in: ClickSound.allowedVolume), default: ClickSound.unchanged) { $0.overrides.volume = $1 }.setting("volume"),
        Option("--pitch", "MULT", "Click pitch multiplier, {range}, as klick -w; higher is also shorter.",
               .multiplier(in: ClickSound.allowedPitch), default: ClickSound.unchanged) { $0.overrides.pitch = $1 }.setting("pitch"),
        .poly(\.poly).setting("layers"),
        Option("--poly-span", "bar|beat", "What --poly's clicks divide: each bar (default) or each beat (then M is 1).",
               .parsed(expected: "bar or beat") { ClickLayer.Span(rawValue: $0) }) { $0.polySpan = $1 },
    ]

    /// The layers `--poly` and `--poly-span` give, checked against `spec`'s
    /// bar: over a bar, M must be its beats; over a beat, 1.
    func polyLayers(for spec: TimelineSpec) throws(CommandLineError) -> [ClickLayer]? {
        guard !poly.isEmpty else {
            if polySpan != nil { throw .option("--poly-span", "needs a layer: --poly N:M") }
            return nil
        }
        let span = polySpan ?? .bar
        let beats = spec.meter.beatsPerBar(in: spec.beatUnit ?? spec.meter.defaultBeatUnit) ?? spec.meter.beats
        for layer in poly {
            switch span {
            case .bar where layer.beats != beats:
                throw .option("--poly", "\(layer.count):\(layer.beats) is against \(layer.beats) beats, but a bar of \(spec.meter) has \(beats); give \(layer.count):\(beats)")
            case .beat where layer.beats != 1:
                throw .option("--poly", "\(layer.count):\(layer.beats) with --poly-span beat divides one beat; give \(layer.count):1")
            default: break
            }
        }
        return poly.map { ClickLayer(count: $0.count, span: span) }
    }

    /// The flag that sets config field `field` (for messages about flag
    /// values), from the options' own `setting`; nil for a field no flag sets.
    static func flag(forField field: String) -> String? {
        (optionTable + ProgramOptions.optionTable).first { $0.field == field }?.name
    }

    /// Whether the meter and tempo were given as klick's `METER TEMPO`.
    var shorthandMeter = false
    var shorthandTempo = false

    /// klick's shorthand, as arguments: `4/4 120` is `--meter 4/4 --bpm 120`,
    /// a lone `120` is `--bpm 120`. The meter comes first; nothing follows
    /// the tempo.
    static let positionals: [Positional<TimelineOptions>] = [
        Positional(name: "METER", give: nil) { options, text, name throws(CommandLineError) in
            guard text.contains("/") else { return false }
            guard options.overrides.meter == nil else { throw .usage("--meter and a METER argument exclude each other; give one") }
            options.overrides.meter = try OptionValue.meter(like: "7/8 (as in '4/4 120')").read(text, name)
            options.shorthandMeter = true
            return true
        },
        Positional(name: "TEMPO", give: nil) { options, text, name throws(CommandLineError) in
            guard Double(text) != nil else { return false }
            guard options.overrides.bpm == nil else { throw .usage("--bpm and a TEMPO argument exclude each other; give one") }
            options.overrides.bpm = try OptionValue.tempo.read(text, name)
            options.shorthandTempo = true
            return true
        },
    ]

    /// Flags that exclude each other.
    func validate() throws(CommandLineError) {
        if shorthandMeter && !shorthandTempo {
            throw .usage("a METER argument needs the TEMPO after it, like '4/4 120'")
        }
        if overrides.bpm != nil && overrides.ramp != nil {
            throw .usage("--bpm and --ramp exclude each other; the ramp starts at its FROM tempo")
        }
        if overrides.bars != nil && overrides.durationSeconds != nil {
            throw .usage("--bars and --duration exclude each other; give one")
        }
    }
}
