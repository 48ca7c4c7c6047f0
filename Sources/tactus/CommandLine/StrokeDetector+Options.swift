import TactusCore

extension StrokeDetector {
    /// The detector for audio at `sampleRate` (a WAV file, the live audio
    /// input): `--sensitivity`, and the scoring's double-trigger window as
    /// the window strokes merge in. An unusable setting is `--sensitivity`'s
    /// error, or `source`'s (the file, the JACK server).
    init(sampleRate: Int, sensitivity: Double?, scoring: ScoringSettings, source: String) throws(CommandLineError) {
        do {
            try self.init(settings: StrokeDetectorSettings(
                sampleRate: sampleRate, sensitivity: sensitivity ?? StrokeDetectorSettings.defaultSensitivity,
                mergeMs: scoring.doubleTriggerMs))
        } catch {
            if error.field == "sensitivity" { throw .option("--sensitivity", error.message) }
            throw .badInput(source, "\(error.field == "sampleRate" ? "sample rate" : error.field) \(error.message)")
        }
    }
}
