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

    static let options: [OptionHelp] = [
        OptionHelp("--config FILE", "Practice config (JSON) or klick tempo map; flags override its settings."),
        OptionHelp("--bpm N", "Tempo in beats per minute, 20–400 (default: 120)."),
        OptionHelp("--meter N/D", "Time signature (default: 4/4)."),
        OptionHelp("--beat-unit 4|8|4.|…", "The note one beat lasts (default: the meter's; 6/8 beats in 4.)."),
        OptionHelp("--subdivision N", "Clicks per beat: 1, 2, 3, 4, 5, 6 or 8 (default: 1)."),
        OptionHelp("--accents PATTERN", "X accent, x beat, o soft, . silent: one per beat or per click."),
        .countIn,
        OptionHelp("--ramp FROM-TO/BARS", "Glide the tempo from bar 1, e.g. 80-140/32 (instead of --bpm)."),
        OptionHelp("--gap PLAY,MUTE", "Gap click: bars with the click, bars without, e.g. 4,2."),
        .bars(),
        OptionHelp("--duration SECONDS", "Seconds to play after the count-in, up to 86400 (instead of --bars)."),
        OptionHelp("--sample-rate HZ", "Sample rate, 8000–384000 (default: 48000)."),
        OptionHelp("--sound NAME|FILE.wav", "woodblock, beep, bell, hat or a WAV file (default: woodblock)."),
        OptionHelp("--volume MULT", "Click volume multiplier, 0–10, as klick -v (default: 1)."),
        OptionHelp("--pitch MULT", "Click pitch multiplier, 0.25–4, as klick -w; higher is also shorter (default: 1)."),
    ]

    /// The flag for each config field, for messages about flag values.
    static let flagForField: [String: String] = [
        "bpm": "--bpm", "meter": "--meter", "beatUnit": "--beat-unit", "subdivision": "--subdivision",
        "accents": "--accents", "countIn": "--count-in", "ramp": "--ramp", "gap": "--gap", "bars": "--bars",
        "durationSeconds": "--duration", "sampleRate": "--sample-rate", "sound": "--sound", "volume": "--volume", "pitch": "--pitch", "latencyMs": "--latency-ms",
        "speedTrainer": "--speed-trainer", "randomMute": "--random-mute", "practiceMinutes": "--practice-minutes",
        "restMinutes": "--rest-minutes",
    ]

    /// Whether the meter and tempo were given as klick's `METER TEMPO`.
    var shorthandMeter = false
    var shorthandTempo = false

    /// klick's shorthand, as arguments: `4/4 120` is `--meter 4/4 --bpm 120`,
    /// a lone `120` is `--bpm 120`. The meter comes first; nothing follows
    /// the tempo.
    mutating func parse(positional text: String) throws(CommandLineError) -> Bool {
        guard !shorthandTempo, text.contains("/") || Double(text) != nil else { return false }
        if text.contains("/") {
            guard !shorthandMeter else { return false }
            guard overrides.meter == nil else { throw .usage("--meter and a METER argument exclude each other; give one") }
            overrides.meter = try Self.parse(text, option: "METER",
                expected: "N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8 (as in '4/4 120')", Meter.init(parsing:))
            shorthandMeter = true
        } else {
            guard overrides.bpm == nil else { throw .usage("--bpm and a TEMPO argument exclude each other; give one") }
            overrides.bpm = try Self.tempo(text, option: "TEMPO")
            shorthandTempo = true
        }
        return true
    }

    /// Takes one of these options; false for any other.
    mutating func parse(option: String, from arguments: inout ArgumentCursor) throws(CommandLineError) -> Bool {
        switch option {
        case "--config":
            configPath = try arguments.value(placeholder: "FILE")
        case "--bpm":
            guard !shorthandTempo else { throw .usage("--bpm and a TEMPO argument exclude each other; give one") }
            let text = try arguments.value(placeholder: "N")
            overrides.bpm = try Self.tempo(text, option: option)
        case "--meter":
            guard !shorthandMeter else { throw .usage("--meter and a METER argument exclude each other; give one") }
            overrides.meter = try Self.parse(arguments.value(placeholder: "N/D"), option: option,
                expected: "N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8", Meter.init(parsing:))
        case "--beat-unit":
            overrides.beatUnit = try Self.parse(arguments.value(placeholder: "4|8|4."), option: option,
                expected: "2, 4, 8, 16 or a dotted 4., 8.", BeatUnit.init(parsing:))
        case "--subdivision":
            overrides.subdivision = try Self.parse(arguments.value(placeholder: "N"), option: option, expected: "1, 2, 3, 4, 5, 6 or 8") {
                (text: String) -> Int? in
                guard let value = Int(text), TimelineSpec.allowedSubdivisions.contains(value) else { return nil }
                return value
            }
        case "--accents":
            overrides.accents = try Self.parse(arguments.value(placeholder: "PATTERN"), option: option,
                expected: "X (accent), x (beat), o (soft) and . (silent), like X.x.", AccentPattern.init(parsing:))
        case "--count-in":
            overrides.countIn = try Self.integer(arguments.value(placeholder: "BARS"), option: option, in: OptionHelp.allowedCountIn, what: "a number of bars")
        case "--ramp":
            overrides.ramp = try Self.parse(arguments.value(placeholder: "FROM-TO/BARS"), option: option,
                expected: "FROM-TO/BARS with tempos 20–400 and 1–10000 bars, like 80-140/32") {
                (text: String) -> TempoRamp? in
                guard let ramp = TempoRamp(parsing: text), Tempo.allowed.contains(ramp.from), Tempo.allowed.contains(ramp.to),
                      (1...10_000).contains(ramp.bars) else { return nil }
                return ramp
            }
        case "--gap":
            overrides.gap = try Self.parse(arguments.value(placeholder: "PLAY,MUTE"), option: option,
                expected: "PLAY,MUTE bars with PLAY 1–1000 and MUTE 0–1000, like 4,2") {
                (text: String) -> GapPattern? in
                guard let gap = GapPattern(parsing: text), (1...1000).contains(gap.playBars), (0...1000).contains(gap.muteBars) else { return nil }
                return gap
            }
        case "--bars":
            overrides.bars = try Self.integer(arguments.value(placeholder: "N"), option: option, in: PracticeConfig.allowedBars, what: "a number")
        case "--duration":
            overrides.durationSeconds = try Self.parse(arguments.value(placeholder: "SECONDS"), option: option,
                expected: "seconds from 0.001 to 86400") {
                (text: String) -> Double? in
                guard let value = Double(text), PracticeConfig.allowedDuration.contains(value) else { return nil }
                return value
            }
        case "--sample-rate":
            overrides.sampleRate = try Self.integer(arguments.value(placeholder: "HZ"), option: option,
                in: Timeline.allowedSampleRates, what: "a rate in Hz")
        case "--sound":
            overrides.sound = try Self.parse(arguments.value(placeholder: "NAME|FILE.wav"), option: option,
                expected: "a voice name or a .wav file") { (text: String) -> String? in text.isEmpty ? nil : text }
        case "--volume":
            overrides.volume = try Self.multiplier(arguments.value(placeholder: "MULT"), option: option, in: ClickSound.allowedVolume, range: "0 to 10")
        case "--pitch":
            overrides.pitch = try Self.multiplier(arguments.value(placeholder: "MULT"), option: option, in: ClickSound.allowedPitch, range: "0.25 to 4")
        default:
            return false
        }
        return true
    }

    static func multiplier(_ text: String, option: String, in allowed: ClosedRange<Double>, range: String) throws(CommandLineError) -> Double {
        guard let value = Double(text), allowed.contains(value) else {
            throw .option(option, "expected a multiplier from \(range), like 0.5, got '\(text)'")
        }
        return value
    }

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

    static func tempo(_ text: String, option: String) throws(CommandLineError) -> Tempo {
        guard let bpm = Double(text), abs(bpm) < 1e6, Tempo.allowed.contains(Tempo(bpm: bpm)) else {
            throw .option(option, "expected a number from 20 to 400, got '\(text)'")
        }
        return Tempo(bpm: bpm)
    }

    static func integer(_ text: String, option: String, in range: ClosedRange<Int>, what: String) throws(CommandLineError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw .option(option, "expected \(what) from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    static func parse<T>(_ text: String, option: String, expected: String, _ parse: (String) -> T?) throws(CommandLineError) -> T {
        guard let value = parse(text) else {
            throw .option(option, "expected \(expected), got '\(text)'")
        }
        return value
    }
}
