import TactusCore

/// Options several commands take, declared once with one wording, one
/// placeholder and one range for all of them: `--server` and `--bars` read
/// and check the same in `run`, `render`, `play`, `simulate`…
extension Option {
    static func server(_ set: @escaping @Sendable (inout Target, String) -> Void) -> Option {
        Option("--server", "NAME", "The JACK server (jackd -n NAME; default: $JACK_DEFAULT_SERVER, else 'default').", .text, set)
    }

    /// `--bars`, in `PracticeConfig.allowedBars`.
    static func bars(default value: Int? = nil, _ set: @escaping @Sendable (inout Target, Int) -> Void) -> Option {
        Option("--bars", "N", "Bars to play after the count-in, {range}.", .integer(in: PracticeConfig.allowedBars, what: "a number"), default: value, set)
    }

    static func countIn(_ set: @escaping @Sendable (inout Target, Int) -> Void) -> Option {
        Option("--count-in", "BARS", "Bars of count-in before bar 1, {range}.",
               .integer(in: Timeline.allowedCountIn, what: "a number of bars"), default: PracticeConfig.defaultCountIn, set)
    }

    /// `--lead-ms`: how long before the first click or event, in `allowedLeadMilliseconds`.
    static func leadMilliseconds(_ what: String, default value: Int, _ set: @escaping @Sendable (inout Target, Int) -> Void) -> Option {
        Option("--lead-ms", "N", "\(what) N ms, {range}.", .integer(in: OptionHelp.allowedLeadMilliseconds, what: "milliseconds"), default: value, set)
    }

    /// `--sensitivity`: how soft a stroke `what` (a WAV file, the audio
    /// input) holds is still found, in `StrokeDetectorSettings.sensitivityRange`.
    static func sensitivity(_ what: String, _ set: @escaping @Sendable (inout Target, Double) -> Void) -> Option {
        let range = StrokeDetectorSettings.sensitivityRange
        return Option("--sensitivity", "N", "\(what): how soft a stroke is still found, \(OptionHelp.number(range.lowerBound)) (clear strokes only) to \(OptionHelp.number(range.upperBound)).",
                      .number(in: range), default: StrokeDetectorSettings.defaultSensitivity, set)
    }

    /// `--poly N:M`: one more click layer, N clicks against the bar's M
    /// beats, appended to the layers at `layers` (at most `ClickLayer.capacity`).
    static func poly(_ layers: WritableKeyPath<Target, [(count: Int, beats: Int)]> & Sendable) -> Option {
        Option("--poly", "N:M", "A click layer: N even clicks against the bar's M beats, e.g. 3:4 (repeatable, up to \(ClickLayer.capacity)).",
               .parsed(expected: "N:M with N from \(ClickLayer.allowedCount.lowerBound) to \(ClickLayer.allowedCount.upperBound) clicks and M beats, like 3:4") {
                   (text: String) -> (count: Int, beats: Int)? in
                   let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                   guard parts.count == 2, let count = Int(parts[0]), let beats = Int(parts[1]),
                         ClickLayer.allowedCount.contains(count), Meter.allowedBeats.contains(beats) else { return nil }
                   return (count, beats)
               }) { target, layer throws(CommandLineError) in
            guard target[keyPath: layers].count < ClickLayer.capacity else {
                throw .option("--poly", "at most \(ClickLayer.capacity) layers")
            }
            target[keyPath: layers].append(layer)
        }
    }

    /// `--subdivision N` and the like: one of `TimelineSpec.allowedSubdivisions`.
    static func subdivision(_ help: String, name: String = "--subdivision", default value: String = "1",
                            _ set: @escaping @Sendable (inout Target, Int) -> Void) -> Option {
        Option(name, "N", "\(help): \(TimelineSpec.subdivisionChoices) (default: \(value)).",
               .parsed(expected: TimelineSpec.subdivisionChoices) { (text: String) -> Int? in
                   Int(text).flatMap { TimelineSpec.allowedSubdivisions.contains($0) ? $0 : nil }
               }, set)
    }

    /// `--accents PATTERN`: the click's accents in run and render, the
    /// exercise's in analyze.
    static func accents(_ help: String, _ set: @escaping @Sendable (inout Target, AccentPattern) -> Void) -> Option {
        Option("--accents", "PATTERN", help,
               .parsed(expected: "X (accent), x (beat), o (soft) and . (silent), like X.x.", AccentPattern.init(parsing:)), set)
    }

    /// `--score-layer K`: the click's layers count from 2 (the main click is 1).
    static func scoreLayer(_ set: @escaping @Sendable (inout Target, Int) -> Void) -> Option {
        let layers = 2...(ClickLayer.capacity + 1)
        return Option("--score-layer", "K", "Score against click layer K (\(OptionHelp.range(layers)); 2 is the first --poly) instead of the main click: its clicks are the beats.",
                      .integer(in: layers, what: "a layer number"), set)
    }

    static func quiet(_ set: @escaping @Sendable (inout Target) -> Void) -> Option {
        .flag("--quiet", "Print nothing when all went well (no progress line either).", set)
    }
}

extension OptionHelp {
    static let allowedLeadMilliseconds = 0...10_000

    /// Tempi in beats per minute (`Tempo.allowed`).
    static let allowedBPM = Tempo.allowed.lowerBound.bpm...Tempo.allowed.upperBound.bpm
}
