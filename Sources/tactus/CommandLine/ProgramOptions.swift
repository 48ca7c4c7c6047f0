import TactusCore

/// The practice program options of `tactus run`: each sets a field of the
/// practice config (`speedTrainer`, `randomMute`, `practiceMinutes`,
/// `restMinutes`) and overrides the config file's, in `TimelineOptions`.
enum ProgramOptions {
    static let optionTable: [Option<TimelineOptions>] = [
        Option("--speed-trainer", "START:STEP:BARS:TARGET", "Speed trainer: from START BPM up STEP every BARS bars to TARGET (add :stop to end there).",
               .parsed(expected: "START:STEP:BARS:TARGET like 80:5:4:120, optionally ending in :stop", trainer(parsing:))) {
            $0.overrides.speedTrainer = $1
        }.setting("speedTrainer"),
        Option("--gate", "MEAN,SD", "Step up only after bars with |mean offset| ≤ MEAN ms and SD ≤ SD ms (down a step otherwise).",
               .parsed(expected: "MEAN,SD in ms, 0 or more, like 10,15", gate(parsing:))) { $0.trainerGate = $1 },
        Option("--random-mute", "P[:SEED]", "Leave P % of the beats silent at random (SEED makes it repeatable).",
               .parsed(expected: "a percentage \(OptionHelp.range(RandomMute.allowedPercent)), optionally :SEED, like 25 or 25:7") { (text: String) -> RandomMute? in
                   guard let mute = RandomMute(parsing: text), RandomMute.allowedPercent.contains(mute.percent) else { return nil }
                   return mute
               }) { $0.overrides.randomMute = $1 }.setting("randomMute"),
        Option("--practice-minutes", "M", "Remind you to rest after every M minutes of playing.", minutes(allowZero: false)) {
            $0.overrides.practiceMinutes = $1
        }.setting("practiceMinutes"),
        Option("--rest-minutes", "M", "The rest the reminder asks for (default: 0, a short break).", minutes(allowZero: true)) {
            $0.overrides.restMinutes = $1
        }.setting("restMinutes"),
    ]

    /// `80:5:4:120` or `80:5:4:120:stop`.
    static func trainer(parsing text: String) -> SpeedTrainer? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 || (parts.count == 5 && ["stop", "hold"].contains(parts[4])),
              let start = Double(parts[0]), let step = Double(parts[1]), let bars = Int(parts[2]), let target = Double(parts[3]),
              abs(start) < 1e6, abs(step) < 1e6, abs(target) < 1e6 else { return nil }
        let trainer = SpeedTrainer(
            start: Tempo(bpm: start), step: Tempo(bpm: step), target: Tempo(bpm: target), barsPerStep: bars,
            atTarget: parts.count == 5 && parts[4] == "stop" ? .stop : .hold)
        return (try? trainer.validate()) == nil ? nil : trainer
    }

    /// `10,15`.
    static func gate(parsing text: String) -> SpeedTrainer.Gate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let mean = Double(parts[0]), let sd = Double(parts[1]),
              mean.isFinite, sd.isFinite, mean >= 0, sd >= 0 else { return nil }
        return SpeedTrainer.Gate(maxMeanOffsetMs: mean, maxSdMs: sd)
    }

    /// Minutes up to `PracticeConfig.allowedMinutes`, above 0 or from 0.
    static func minutes(allowZero: Bool) -> OptionValue<Double> {
        OptionValue { text, option throws(CommandLineError) in
            guard let value = Double(text), value.isFinite, allowZero ? value >= 0 : value > 0,
                  value <= PracticeConfig.allowedMinutes.upperBound else {
                throw .option(option, "expected minutes \(allowZero ? "from 0" : "above 0") up to \(OptionHelp.number(PracticeConfig.allowedMinutes.upperBound)), got '\(text)'")
            }
            return value
        }
    }
}
