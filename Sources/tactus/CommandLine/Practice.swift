import TactusCore
import TactusEngine
import TactusLive

/// Everything `TimelineOptions` and the config file settle, checked: the
/// merged settings, the timeline and the click sound. All validation of
/// practice settings happens here, with each problem blamed on the flag
/// (exit 2) or the config file field (exit 4) it came from.
struct Practice {
    /// The config file's settings overridden by the flags.
    var config: PracticeConfig
    var timeline: Timeline
    var sound: ClickSound
    /// Each click layer's sound (four levels a layer, in order), for the engine.
    var layerSounds: [[Float]] = []
    /// What the config file holds that is left out, for the command to print.
    var warnings: [String] = []

    init(options: TimelineOptions) throws(CommandLineError) {
        var fileConfig = PracticeConfig()
        if let path = options.configPath {
            let bytes = try FileSystem.read(path, limit: InputLimit.settings, what: "config")
            do {
                if KlickTempoMap.looksLikeOne(bytes) {
                    let map = try KlickTempoMap(parsing: String(decoding: bytes, as: UTF8.self))
                    fileConfig = try map.config()
                    warnings = map.warnings.map { "\(path): \($0)" }
                } else {
                    fileConfig = try PracticeConfig(json: bytes)
                }
            } catch {
                throw .badInput(path, error.description)
            }
        }
        var overrides = options.overrides
        if !options.poly.isEmpty || options.polySpan != nil {
            var meterSpec = TimelineSpec(tempo: PracticeConfig.defaultTempo)
            meterSpec.meter = options.overrides.meter ?? fileConfig.meter ?? .fourFour
            meterSpec.beatUnit = options.overrides.beatUnit ?? fileConfig.beatUnit
            overrides.layers = try options.polyLayers(for: meterSpec)
        }
        config = fileConfig.overridden(by: overrides)
        if let gate = options.trainerGate {
            guard var trainer = config.speedTrainer else {
                throw .option("--gate", "needs a speed trainer: --speed-trainer START:STEP:BARS:TARGET, or speedTrainer in the config")
            }
            trainer.gate = gate
            config.speedTrainer = trainer
        }
        let spec: TimelineSpec
        do {
            spec = try config.timelineSpec()
            timeline = try Timeline(spec: spec)
        } catch {
            throw Self.blame(error, options: options, file: options.configPath)
        }
        // The engine holds the whole timeline in memory allocated up front.
        guard timeline.segments.count <= Engine.segmentCapacity else {
            let message = "its changes make \(timeline.segments.count) timeline segments; the engine plays at most \(Engine.segmentCapacity): split the piece"
            guard let path = options.configPath else { throw .usage(message) }
            throw .badInput(path, message)
        }
        sound = try Self.loadSound(config.sound ?? PracticeConfig.defaultSound, sampleRate: spec.sampleRate, options: options)
            .adjusted(volume: config.volume ?? ClickSound.unchanged, pitch: config.pitch ?? ClickSound.unchanged)
        for (index, layer) in spec.layers.enumerated() {
            let name = layer.sound ?? ClickLayer.defaultSound
            let field = "layers[\(index)].sound"
            layerSounds += try Self.loadSound(name, sampleRate: spec.sampleRate, options: options, field: layer.sound == nil ? nil : field)
                .adjusted(volume: layer.volume ?? ClickSound.unchanged, pitch: config.pitch ?? ClickSound.unchanged).buffers
        }
    }

    /// `--score-layer K` against the timeline's layers: layer K must be
    /// there and divide the bar (a layer over each beat has no beats of its own).
    static func checkScoreLayer(_ number: Int?, timeline: Timeline) throws(CommandLineError) {
        guard let number else { return }
        let layers = timeline.spec.layers
        guard layers.indices.contains(number - 2) else {
            throw .option("--score-layer", layers.isEmpty
                ? "layer \(number) is not there: the click has no layers; add one with --poly N:M (the first is layer 2)"
                : "layer \(number) is not there: the click has layers 2 to \(layers.count + 1)")
        }
        guard layers[number - 2].span == .bar else {
            throw .option("--score-layer", "layer \(number) divides each beat; score a layer over the bar, or score its clicks with --score-subdivision")
        }
    }

    /// Names the flag when the field came from one, else `file` (the config
    /// file; a setlist, with `prefix` naming the preset before the field).
    static func blame(_ error: SettingError, options: TimelineOptions, file: String?, prefix: String = "") -> CommandLineError {
        let field = error.topLevelField
        if options.overrides.givenFields.contains(field) || file == nil {
            let flag = TimelineOptions.flag(forField: field) ?? field
            return .option(flag, error.message)
        }
        return .badInput(file ?? "", prefix + error.description)
    }

    /// A built-in voice, or a WAV file (relative paths in a config are taken
    /// from the config's folder).
    /// `field` names a layer's sound in the config; nil for the click's.
    static func loadSound(_ name: String, sampleRate: Int, options: TimelineOptions, field: String? = nil) throws(CommandLineError) -> ClickSound {
        let fromFlag = field == nil && options.overrides.sound != nil
        return try sound(name, sampleRate: sampleRate, relativeTo: fromFlag ? nil : options.configPath) { message in
            fromFlag ? .option("--sound", message) : .badInput(options.configPath ?? "", "\(field ?? "sound"): \(message)")
        }
    }

    /// A built-in voice, or a WAV file taken from the folder of `file` (the
    /// config or setlist that names it) when relative; an unknown name is
    /// the error `unknown` makes of the message.
    static func sound(
        _ name: String, sampleRate: Int, relativeTo file: String?, unknown: (String) -> CommandLineError
    ) throws(CommandLineError) -> ClickSound {
        do {
            return try ClickSound(named: name, sampleRate: sampleRate)
        } catch {
            guard name.lowercased().hasSuffix(".wav") || name.contains("/") else { throw unknown(error.description) }
        }
        let path = FileSystem.path(name, relativeTo: file.flatMap(FileSystem.directory(of:)))
        let sample = ClickSample(name: FileSystem.fileName(of: path), wav: try SoundFile.read(path))
        return ClickSound(voice: .sample(sample), sampleRate: sampleRate)
    }
}
