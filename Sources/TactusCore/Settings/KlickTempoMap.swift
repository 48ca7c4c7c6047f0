/// A klick tempo map file (`klick -f FILE`), read as klick reads it: one
/// entry a line, `[label:] bars [meter] tempo[-tempo2] [pattern] [volume]`,
/// `#` starts a comment, blank lines are skipped. Each entry plays its bars
/// in its meter (4/4 when none is given) with its pattern (`X` accent, `x`
/// beat, `.` silent; accent on beat 1 when none is given), and the map ends
/// after the last entry.
///
/// klick's tempo always counts quarter notes; a tactus beat is the meter's
/// denominator, so each entry becomes beats of 1/D at `tempo × D / 4`.
public struct KlickTempoMap: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var line: Int
        public var label: String?
        public var bars: Int
        public var meter: Meter
        /// In quarter notes a minute, as klick counts.
        public var tempo: Double
        /// The tempo reached at the end of the entry, for a ramp.
        public var endTempo: Double?
        public var pattern: AccentPattern?
        public var volume: Double
    }

    public var entries: [Entry]

    /// Parses the file's text.
    /// - Throws: `SettingError` with the field `line N`.
    public init(parsing text: String) throws(SettingError) {
        entries = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = rawLine.prefix { $0 != "#" }
            var words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            func problem(_ message: String) -> SettingError {
                SettingError(field: "line \(line)", message: message)
            }
            var label: String?
            if words[0].hasSuffix(":") {
                label = String(words.removeFirst().dropLast())
            } else if let colon = words[0].firstIndex(of: ":") {
                label = String(words[0][..<colon])
                words[0] = String(words[0][words[0].index(after: colon)...])
            }
            if let label, label.isEmpty || !label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                throw problem("'\(label)' is not a label (letters, digits, _ and -)")
            }
            guard !words.isEmpty, let bars = Int(words[0]), bars > 0 else {
                throw problem("expected '[label:] bars [meter] tempo [pattern] [volume]' with bars a whole number above 0")
            }
            words.removeFirst()
            var meter = Meter.fourFour
            if let first = words.first, first.contains("/") {
                guard let parsed = Meter(parsing: first) else {
                    throw problem("'\(first)' is not a meter tactus can play (\(Meter.playable))")
                }
                meter = parsed
                words.removeFirst()
            }
            guard let tempoText = words.first else { throw problem("missing the tempo after the bars") }
            words.removeFirst()
            if tempoText.contains(",") {
                throw problem("a tempo for each beat ('\(tempoText)') is not supported; give one tempo or a ramp FROM-TO")
            }
            let tempos = tempoText.split(separator: "-", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(tempos.count), let tempo = tempos[0], tempo > 0, tempos.allSatisfy({ $0 != nil && $0! > 0 }) else {
                throw problem("expected a tempo above 0 like 120, or a ramp like 120-140, got '\(tempoText)'")
            }
            var pattern: AccentPattern?
            if let first = words.first, first.allSatisfy({ "Xx.".contains($0) }) {
                guard first.count == meter.beats else {
                    throw problem("the pattern '\(first)' has \(first.count) beats; a bar of \(meter) has \(meter.beats)")
                }
                pattern = AccentPattern(parsing: first)
                words.removeFirst()
            }
            var volume = 1.0
            if let first = words.first {
                guard let value = Double(first), value >= 0 else {
                    throw problem("expected a pattern of X, x and . or a volume, got '\(first)'")
                }
                volume = value
                words.removeFirst()
            }
            guard words.isEmpty else { throw problem("unexpected '\(words[0])' after the volume") }
            entries.append(Entry(line: line, label: label, bars: bars, meter: meter, tempo: tempo,
                                 endTempo: tempos.count == 2 ? tempos[1] : nil, pattern: pattern, volume: volume))
        }
        guard !entries.isEmpty else {
            throw SettingError(field: "", message: "no entries; a klick tempo map has lines like '8 4/4 120'")
        }
    }

    /// Whether `text` is meant as a klick tempo map rather than JSON: it does
    /// not start with `{`.
    public static func looksLikeOne(_ bytes: some Collection<UInt8>) -> Bool {
        let first = bytes.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0xEF, 0xBB, 0xBF].contains($0) }
        return first != UInt8(ascii: "{")
    }

    /// The entry's tempo in tactus beats (1/D notes) a minute.
    static func beats(_ quarters: Double, in meter: Meter, line: Int) throws(SettingError) -> Tempo {
        let tempo = Tempo(bpm: quarters * Double(meter.noteValue) / 4)
        guard Tempo.allowed.contains(tempo) else {
            let unit = meter.noteValue == 4 ? "" : " (\(tempo) beats of 1/\(meter.noteValue) a minute)"
            throw SettingError(field: "line \(line)", message: "\(Tempo(bpm: quarters)) quarter notes a minute in \(meter)\(unit) is outside \(OptionHelp.range(Tempo.allowed)) beats a minute")
        }
        return tempo
    }

    /// The map as practice settings: the first entry's tempo, meter and
    /// accents, a tempo map entry for each later one, and the bars of all.
    public func config() throws(SettingError) -> PracticeConfig {
        var config = PracticeConfig()
        var changes: [TempoChange] = []
        var bar = 1
        var tempoInForce: Tempo?
        for entry in entries {
            let start = try Self.beats(entry.tempo, in: entry.meter, line: entry.line)
            let end = try entry.endTempo.map { (quarters: Double) throws(SettingError) -> Tempo in
                try Self.beats(quarters, in: entry.meter, line: entry.line)
            }
            let unit = BeatUnit(numerator: 1, denominator: entry.meter.noteValue)
            let accents = entry.pattern
                ?? AccentPattern([.accent] + Array(repeating: AccentLevel.normal, count: entry.meter.beats - 1))
            if bar == 1 {
                config.meter = entry.meter
                config.beatUnit = unit
                config.accents = accents
                if let end {
                    config.ramp = TempoRamp(from: start, to: end, bars: entry.bars)
                } else {
                    config.bpm = start
                }
            } else if let end {
                guard start == tempoInForce else {
                    throw SettingError(
                        field: "line \(entry.line)",
                        message: "the ramp starts at \(NumberText.plain(entry.tempo)) but the line before ends at another tempo; tactus ramps from the tempo in force")
                }
                changes.append(TempoChange(bar: bar, tempo: end, meter: entry.meter, beatUnit: unit, rampBars: entry.bars, accents: accents))
            } else {
                changes.append(TempoChange(bar: bar, tempo: start, meter: entry.meter, beatUnit: unit, accents: accents))
            }
            tempoInForce = end ?? start
            bar += entry.bars
        }
        config.tempoMap = changes.isEmpty ? nil : changes
        config.bars = bar - 1
        return config
    }

    /// What tactus leaves out: volumes other than 1.
    public var warnings: [String] {
        entries.filter { $0.volume != 1 }.map {
            "line \($0.line): the volume \(NumberText.plain($0.volume)) is left out; tactus plays the whole map at one --volume"
        }
    }
}
