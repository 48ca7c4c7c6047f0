import CMalloc
import Foundation
import TactusCore
import TactusLive

/// `tactus analyze FILE.mid`: scores a recorded performance with the same
/// scorer a live session uses, against a grid that follows the file's tempo
/// map and time signatures unless told otherwise.
struct AnalyzeCommand: Command {
    static let name = "analyze"
    static let abstract = "Score a recorded performance (a MIDI file or a WAV recording) against its beat grid."
    static let usage = "[--bpm | --free] [--meter] [--subdivision] [--offset-beats | --origin-ms] [--report] [--json] [options]"
    static let optionTable: [Option<Self>] = [
        Option("--bpm", "N", "A steady grid at N BPM instead of the file's tempo map.", .tempo) { $0.tempo = $1 },
        Option("--meter", "N/D", "One meter throughout instead of the file's time signatures.", .meter) { $0.meter = $1 },
        .flag("--free", "Free time: find the player's own pulse in the notes (beats, bars, tempo curve) and score against it; no tempo map, --bpm or origin.") {
            $0.free = true
        },
        Option("--bpm-range", "LO-HI", "Tempi the free pulse may have, each \(OptionHelp.range(OptionHelp.allowedBPM)), like 60-180 (default: \(OptionHelp.number(PulseSettings.defaultRange.lowerBound))-\(OptionHelp.number(PulseSettings.defaultRange.upperBound))).",
               .parsed(expected: "LO-HI with \(OptionHelp.number(OptionHelp.allowedBPM.lowerBound)) ≤ LO < HI ≤ \(OptionHelp.number(OptionHelp.allowedBPM.upperBound)), like 60-180") { (text: String) -> ClosedRange<Double>? in
                   let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Double($0) }
                   guard ends.count == 2, let low = ends[0], let high = ends[1], low < high,
                         OptionHelp.allowedBPM.contains(low), OptionHelp.allowedBPM.contains(high) else { return nil }
                   return low...high
               }) { $0.bpmRange = $1 },
        .subdivision("Grid positions per beat") { $0.subdivision = $1 },
        Option("--swing", "L:S", "Swung eighths, e.g. 2:1 (implies --subdivision 2).", .swing(in: 1...16, expected: "LONG:SHORT like 2:1 or 3:1")) {
            $0.swing = $1
        },
        .poly(\.poly),
        .scoreLayer { $0.scoreLayer = $1 },
        DrumMapOption.option { $0.drumMap = $1 },
        .accents("The accents the exercise asks for, X accent, x beat, o soft: one per beat or per scored position (dynamics findings hold them to it).") {
            $0.accents = $1
        },
        DrumMapOption.voiceLayerOption { $0.voiceLayers.append($1) },
        Option("--expected", "WHAT", "Positions that must be played: subdivisions (default), beats, or x/. per slot.",
               .parsed(expected: "subdivisions, beats, or a pattern of x (play) and . (rest) like x.x.", ExpectedPositions.init(parsing:))) {
            $0.expected = $1
        },
        Option("--notes", "LIST", "Score only these notes, e.g. 36,38-40 (default: all).", .parsed(expected: "notes 0–127 and ranges like 36,38-40") {
            try? NoteFilter(parsingNotes: $0).notes
        }) {
            $0.notesOption = "--notes"
            $0.notes.notes = $1
        },
        Option("--channel", "LIST", "Score only these channels \(OptionHelp.range(NoteFilter.allowedChannels)), e.g. 10 (default: all).",
               .parsed(expected: "channels \(OptionHelp.range(NoteFilter.allowedChannels)) like 10 or 1,10") { (text: String) -> [Int]? in
            let channels = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !channels.isEmpty, channels.allSatisfy({ $0.map { NoteFilter.allowedChannels.contains($0) } ?? false }) else { return nil }
            return channels.compactMap { $0 }
        }) {
            $0.notesOption = "--channel"
            $0.notes.channels = $1
        },
        Option("--windows", "P,G,O", "Perfect, good and ok windows in ms (default: {default}); end with % for percent of a subdivision.",
               OptionValue(describe: { [$0.perfect, $0.good, $0.ok].map(OptionHelp.number).joined(separator: ",") }) { text, option throws(CommandLineError) in
                   try windows(text, option: option)
               }, default: defaults.windows) { $0.windows = $1 },
        origin("--offset-beats", "N", "Bar 1 starts N beats into the file (default: at tick 0).", unit: "beats") {
            .beats(thousandths: Int64(($0 * 1000).rounded()))
        },
        origin("--origin-ms", "X", "Bar 1 starts X ms into the file.", unit: "milliseconds") {
            .time(microseconds: Int64(($0 * 1000).rounded()))
        },
        Option("--player", "NAME=PART", "Score an ensemble: NAME played track:N or channel:N of the file (repeatable).", .part) { $0.players.append($1) },
        .sensitivity("WAV") { $0.sensitivity = $1 },
        Option("--report", "PATH", "Also write the report JSON to PATH (replaced only when complete).", .text) { $0.reportPath = $1 },
        .flag("--json", "Print the report JSON instead of the summary.") { $0.json = true },
        .quiet { $0.quiet = true },
    ]
    static let discussion = """
        Tempo and meter come from the file's tempo map and time signatures: each tempo
        change starts on the next beat, each time signature at the next bar line. Notes
        before bar 1 are listed as count-in and not scored. A damaged file is scored as
        far as it can be read, with warnings on stderr. The report's createdAt is the
        file's modification time, so sessions analysed later sort by when they were played.
        A WAV recording (PCM 16, 24 or 32-bit or float, mono or stereo) is scored stroke by
        stroke: each onset found at its sample, its level in dBFS in place of velocity; its
        grid is steady (--bpm, default 120) from --origin-ms or --offset-beats.
        With --free there is no grid to give: the player's own pulse is found in the notes or
        strokes (each beat's time and the local tempo, the bar's first beat where the playing
        shows it), the take is scored against it, and the report holds the pulse, each bar's
        tempo and findings about the tempo (drift, bars off the take's trend). Offsets are
        then against the player's own beats: how far ahead or behind a click would have been
        cannot be known without one. A take too short or too sparse to carry a pulse is refused.
        Example: tactus analyze take.mid --subdivision 4 --notes 38 --report take.json
        Example: tactus analyze gig.mid --free --meter 4/4 --bpm-range 70-140
        Example: tactus analyze kit.wav --bpm 96 --subdivision 4 --origin-ms 1250
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var file: String?
    var tempo: Tempo?
    var meter: Meter?
    /// `--free`: the grid is the player's own pulse.
    var free = false
    var bpmRange: ClosedRange<Double>?
    var subdivision: Int?
    var swing: Swing?
    var expected: ExpectedPositions?
    /// `--poly N:M` layers over the grid's bars, and `--score-layer K`.
    var poly: [(count: Int, beats: Int)] = []
    var scoreLayer: Int?
    var drumMap: String?
    var accents: AccentPattern?
    var voiceLayers: [String] = []
    var notes = NoteFilter.all
    var windows = TimingWindows.standard
    var origin = AnalysisOrigin.fileStart
    var originOption: String?
    var reportPath: String?
    var json = false
    var players: [PlayerOption] = []
    var quiet = false
    var sensitivity: Double?
    /// The note or channel filter given, which a recording cannot use.
    var notesOption: String?

    /// `--offset-beats` or `--origin-ms`: where bar 1 starts, one of the two.
    static func origin(_ name: String, _ placeholder: String, _ help: String, unit: String,
                       _ origin: @escaping @Sendable (Double) -> AnalysisOrigin) -> Option<Self> {
        let limit = Double(originLimit)
        let value = OptionValue.number(in: -limit...limit, what: "a number of \(unit)")
        return Option(name, placeholder, help, value) { command, value throws(CommandLineError) in
            if let option = command.originOption, option != name {
                throw .usage("--offset-beats and --origin-ms exclude each other; give one")
            }
            command.originOption = name
            command.origin = origin(value)
        }
    }

    /// The farthest `--origin-ms` and `--offset-beats` move the grid either way.
    static let originLimit = 10_000_000

    static let positionals: [Positional<Self>] = [Positional("FILE.mid|FILE.wav", \.file, give: "give the recorded performance to score")]

    var outputs: [(option: String, path: String?)] { [("--report", reportPath)] }

    func validate() throws(CommandLineError) {
        if swing != nil, let subdivision, subdivision != 2 {
            throw .option("--swing", "applies to eighths only; use --subdivision 2, not \(subdivision)")
        }
        if let scoreLayer, !poly.indices.contains(scoreLayer - 2) {
            throw .option("--score-layer", poly.isEmpty
                ? "layer \(scoreLayer) is not there: add it with --poly N:M (the first is layer 2)"
                : "layer \(scoreLayer) is not there: --poly gives layers 2 to \(poly.count + 1)")
        }
        if scoreLayer != nil, swing != nil {
            throw .usage("--swing and --score-layer exclude each other: swing is of the main click's eighths")
        }
        if reportPath?.isEmpty == true { throw .option("--report", "missing value (PATH)") }
        if bpmRange != nil, !free { throw .usage("--bpm-range applies to --free: the range the player's own pulse is looked for in") }
        if free {
            let steady = [tempo != nil ? "--bpm" : nil, originOption, poly.isEmpty ? nil : "--poly", players.isEmpty ? nil : "--player",
                          voiceLayers.isEmpty ? nil : "--voice-layer"].compactMap { $0 }
            if let option = steady.first {
                throw .usage("--free and \(option) exclude each other: in free time the grid is the player's own pulse")
            }
        }
        try PlayerOption.validate(players, limit: 16)
        if !voiceLayers.isEmpty, !players.isEmpty {
            throw .usage("--voice-layer and --player exclude each other: parts of one kit, or players of a group")
        }
    }

    /// "10,25,50" in ms, or "10,20,40%" in percent of a subdivision.
    static func windows(_ text: String, option: String) throws(CommandLineError) -> TimingWindows {
        let percent = text.hasSuffix("%")
        let values = (percent ? String(text.dropLast()) : text).split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard values.count == 3, let perfect = values[0], let good = values[1], let ok = values[2] else {
            throw .option(option, "expected three windows PERFECT,GOOD,OK in ms like 10,25,50 (or in percent like 10,20,40%), got '\(text)'")
        }
        let windows = TimingWindows(unit: percent ? .percentOfSubdivision : .milliseconds, perfect: perfect, good: good, ok: ok)
        do {
            try windows.validate()
        } catch {
            throw .option(option, "\(error.field.replacingOccurrences(of: "windows.", with: "")) \(error.message)")
        }
        return windows
    }

    var scoring: ScoringSettings {
        ScoringSettings(
            subdivision: subdivision ?? (swing != nil ? 2 : 1), swing: swing, windows: windows, expected: expected ?? .everySubdivision, noteFilter: notes,
            layer: scoreLayer.map { $0 - 2 })
    }

    /// The grid settings: tempo, meter, origin, scoring and the `--poly` layers.
    var analysisSettings: AnalysisSettings {
        var settings = AnalysisSettings(tempo: tempo, meter: meter, scoring: scoring, origin: origin)
        settings.layers = poly
        return settings
    }

    func run() throws(CommandLineError) -> ExitCode {
        // A long take's lists (notes, hits, observations) are made one after
        // another: blocks of 1 MiB and more are mapped on their own, so each
        // goes back to the system when freed instead of staying in the heap.
        _ = cmalloc_map_blocks_from(1 << 20)
        let path = file ?? ""
        let wav = path.lowercased().hasSuffix(".wav")
        let bytes = try FileSystem.read(
            path, limit: wav ? InputLimit.audio : InputLimit.midi, what: wav ? "recording" : "MIDI file")
        if Self.isAudio(bytes, path: path) {
            let analysis = try analyzeAudio(bytes, path: path)
            try check(analysis, noun: "strokes")
            return try report(analysis)
        }
        var midi = try MIDIFile.read(consume bytes, path: path, channelMessages: .noteOns, for: Self.name)
        for player in players {
            if let part = PlayerPart(parsing: player.source), let problem = midi.lacks(part) {
                throw .option("--player", "\(player.name)=\(part): \(problem) (\(path))")
            }
        }
        var settings = analysisSettings
        settings.drumMap = try DrumMapOption.resolve(drumMap, environment: ProcessInfo.processInfo.environment)
        settings.accents = accents
        if free {
            let meter = self.meter ?? midi.meterChanges.first { $0.tick <= 0 }?.timeSignature.meter ?? .fourFour
            settings.pulse = try pulse(PulseOnset.notes(of: midi, filter: notes, map: settings.drumMap), meter: meter, path: path)
        }
        let parts = try DrumMapOption.voiceLayers(voiceLayers, map: settings.drumMap, layers: poly.count)
        let routing = VoiceLayerRouting(parts, map: settings.drumMap)
        var analysis: PerformanceAnalysis
        let detail = Self.describe(midi, tempo: tempo, meter: meter, free: free)
        // The file's notes are given up to the analysis (its memory goes as the
        // report is built); an ensemble keeps its own copy to split by part.
        let ensembleSource = players.isEmpty && parts.isEmpty ? nil : midi
        if !parts.isEmpty {
            // The main click scores the notes no part takes.
            midi = midi.keepingNoteOns { _, channel, note in routing.part(note: Int(note), channel: Int(channel) + 1) == nil }
        }
        do {
            let meter = ProgressMeter(label: "scoring", unit: "notes", total: 0, quiet: quiet)
            defer { meter.finish() }
            analysis = try PerformanceAnalysis.analyze(
                consume midi, settings: settings, createdAt: Self.modificationTime(of: path),
                source: ReportSource(kind: .analyze, file: path, detail: detail)
            ) { done, total in meter.update(done, of: total) }
        } catch {
            if error.field == "meter", meter != nil { throw .option("--meter", error.message) }
            if error.field == "poly" { throw .option("--poly", "\(error.message) (\(path))") }
            throw .badInput(path, error.description)
        }
        if let ensembleSource, !parts.isEmpty {
            // The main click may have no notes left: the parts have them.
            analysis.warnings.removeAll { $0.contains("no notes") || $0.contains("note and channel filter") }
            analysis.report = try voiceParts(ensembleSource, routing: routing, settings: settings, report: analysis.report, path: path)
            let partHits = (analysis.report.players ?? []).reduce(0) { $0 + $1.summary.hits }
            guard analysis.report.summary.hits + partHits > 0 else { throw .badInput(path, "no notes to score") }
            for warning in analysis.warnings { StandardStreams.warn("tactus \(Self.name)", "\(path): \(warning)") }
            return try report(analysis)
        }
        try check(analysis, noun: "notes")
        if let ensembleSource {
            analysis.report = try ensemble(ensembleSource, settings: settings, report: analysis.report, path: path)
        }
        return try report(analysis)
    }

    /// The player's own pulse in `onsets`, or one line on why there is none.
    func pulse(_ onsets: [PulseOnset], meter: Meter, path: String) throws(CommandLineError) -> Pulse {
        do {
            return try PulseTracker.track(onsets, settings: PulseSettings(meter: meter, bpmRange: bpmRange ?? PulseSettings.defaultRange))
        } catch {
            throw .badInput(path, error.message)
        }
    }

    /// Refuses an analysis that scored nothing, else warns what it warns;
    /// `noun` names what was scored.
    func check(_ analysis: PerformanceAnalysis, noun: String) throws(CommandLineError) {
        let path = file ?? ""
        guard analysis.report.summary.hits > 0 else {
            let reason = analysis.warnings.map { "\($0)" }.first { !$0.contains("no notes") && !$0.contains("no strokes") }
            throw .badInput(path, "no \(noun) to score" + (reason.map { "; \($0)" } ?? ""))
        }
        for warning in analysis.warnings {
            StandardStreams.warn("tactus \(Self.name)", "\(path): \(warning)")
        }
    }

    /// Writes and shows the report of `analysis`.
    func report(_ analysis: PerformanceAnalysis) throws(CommandLineError) -> ExitCode {
        if json || reportPath != nil {
            let reportToStandardOutput = OutputFile.isStandardOutput(reportPath)
            try ReportFiles.stream(to: reportPath, toStandardOutput: json && !reportToStandardOutput) {
                try analysis.report.writeJSON(toBytes: $0)
            }
        }
        if !json && !quiet && !OutputFile.isStandardOutput(reportPath) {
            StandardStreams.write(ReportSummaryText.show(analysis.report.summaryAsWritten()))
        }
        for hint in quiet ? [] : ScoringHint.hints(for: analysis.report) {
            switch hint {
            case .subdivision where subdivision != nil, .expected where expected != nil: continue
            default: FileHandle.standardError.write(Data("tactus \(Self.name): hint: \(hint.text)\n".utf8))
            }
        }
        return .success
    }

    /// "format 1, 480 ticks per quarter, 2 tracks; tempo and meter from the file".
    static func describe(_ file: MIDIFile, tempo: Tempo?, meter: Meter?, free: Bool = false) -> String {
        var text = "format \(file.format.rawValue), "
        switch file.division {
        case .ticksPerQuarter(let ticks): text += "\(ticks) ticks per quarter"
        case .smpte(let frames, let ticks): text += "\(ticks) ticks per SMPTE frame at \(frames) fps"
        }
        text += ", \(file.tracks.count) track\(file.tracks.count == 1 ? "" : "s")"
        switch (tempo, meter) {
        case (nil, let meter) where free:
            text += (meter.map { "; \($0) throughout" } ?? "") + "; free time, the player's own pulse (the file's tempo map is not used)"
        case (nil, nil): text += "; tempo and meter from the file"
        case (let tempo?, nil): text += "; steady \(tempo) BPM"
        case (nil, let meter?): text += "; tempo from the file, \(meter) throughout"
        case (let tempo?, let meter?): text += "; steady \(tempo) BPM in \(meter)"
        }
        return text
    }

    /// The file's modification time in ISO 8601 with this machine's zone offset.
    static func modificationTime(of path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let date = attributes?[.modificationDate] as? Date ?? Date()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }
}

extension AnalyzeCommand {
    /// `report` (all players' notes scored together) with each `--player`'s
    /// part scored on its own and the ensemble between them.
    func ensemble(_ midi: MIDIFile, settings: AnalysisSettings, report: PracticeReport, path: String) throws(CommandLineError) -> PracticeReport {
        var parts: [PlayerReport] = []
        for player in players {
            guard let part = PlayerPart(parsing: player.source) else { continue }
            let own = try CommandLineError.catching(exitCode: .badInput, file: path) {
                try PerformanceAnalysis.analyze(
                    midi.keepingNotes(of: part), settings: settings, createdAt: report.createdAt, source: report.source)
            }
            for warning in own.warnings where !report.hits.isEmpty && warning.hasPrefix("the file has no notes") {
                StandardStreams.warn("tactus \(Self.name)", "\(path): --player \(player.name)=\(part): no notes to score")
            }
            parts.append(PlayerReport(name: player.name, port: part.description, report: own.report))
        }
        return report.withPlayers(parts)
    }
}

extension AnalyzeCommand {
    /// `report` (the notes on the main click) with each `--voice-layer`
    /// part scored on its own against its layer.
    func voiceParts(
        _ midi: MIDIFile, routing: VoiceLayerRouting, settings: AnalysisSettings, report: PracticeReport, path: String
    ) throws(CommandLineError) -> PracticeReport {
        var players: [PlayerReport] = []
        for (index, part) in routing.layers.enumerated() {
            var own = settings
            own.scoring.layer = part.layer
            let analysis = try CommandLineError.catching(exitCode: .badInput, file: path) {
                try PerformanceAnalysis.analyze(
                    midi.keepingNoteOns { _, channel, note in routing.part(note: Int(note), channel: Int(channel) + 1) == index },
                    settings: own, createdAt: report.createdAt, source: report.source)
            }
            players.append(PlayerReport(part: part, report: analysis.report))
        }
        return report.withPlayers(players)
    }
}

extension OptionValue where Value == PlayerOption {
    /// `--player NAME=track:N` or `NAME=channel:N` of the file analysed.
    static var part: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            let player = try PlayerOption(parsing: text)
            guard PlayerPart(parsing: player.source) != nil else {
                throw .option(option, "expected NAME=track:N or NAME=channel:N (channel \(OptionHelp.range(NoteFilter.allowedChannels))), got '\(player.name)=\(player.source)'")
            }
            return player
        }
    }
}
