import TactusCore

extension Practice {
    /// The settings of a setlist preset (`base`) with the flags on top;
    /// problems are blamed on the flag, or on `file` and the preset's `field`.
    init(preset base: PracticeConfig, field: String, file: String, options: TimelineOptions) throws(CommandLineError) {
        config = base.overridden(by: options.overrides)
        let spec: TimelineSpec
        do {
            spec = try config.timelineSpec()
            timeline = try Timeline(spec: spec)
        } catch {
            throw Self.blame(error, options: options, file: file, prefix: "\(field).")
        }
        let name = config.sound ?? PracticeConfig.defaultSound
        if options.overrides.sound != nil {
            sound = try Self.loadSound(name, sampleRate: spec.sampleRate, options: options)
        } else {
            sound = try Self.sound(name, sampleRate: spec.sampleRate, relativeTo: file) { .badInput(file, "\(field).sound: \($0)") }
        }
        sound = sound.adjusted(volume: config.volume ?? ClickSound.unchanged, pitch: config.pitch ?? ClickSound.unchanged)
    }
}
