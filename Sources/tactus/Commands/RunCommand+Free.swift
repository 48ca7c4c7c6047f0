import TactusCore

extension RunCommand {
    /// Free time has no click to change or follow: no gap click, speed
    /// trainer, random mute, setlist, group, transport or click layer to
    /// score against.
    func validateFree() throws(CommandLineError) {
        guard free else { return }
        let excluded: [(Bool, String)] = [
            (timeline.overrides.gap != nil, "--gap"), (timeline.overrides.speedTrainer != nil, "--speed-trainer"),
            (timeline.overrides.randomMute != nil, "--random-mute"), (setlist != nil, "--setlist"),
            (!players.isEmpty, "--player"), (live.transport != .off, "--transport"), (scoreLayer != nil, "--score-layer"),
        ]
        if let option = excluded.first(where: \.0)?.1 {
            throw .usage("--free and \(option) exclude each other: in free time there is no click after the count-in")
        }
    }

    /// A config's gap click, speed trainer or random mute cannot run in free time.
    func checkFree(_ practice: Practice) throws(CommandLineError) {
        guard free, let path = timeline.configPath else { return }
        let config = practice.config
        for (present, field) in [(config.gap != nil, "gap"), (config.speedTrainer != nil, "speedTrainer"), (config.randomMute != nil, "randomMute")]
        where present {
            throw .badInput(path, "\(field): cannot run with --free; in free time there is no click after the count-in")
        }
    }
}
