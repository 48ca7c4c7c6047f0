import Foundation
import TactusCore
import TactusLive

/// `tactus simulate`: a made-up drummer's performance written as a MIDI
/// file whose tick 0 is bar 1 beat 1, with the offsets each note was meant
/// to have, for demos and tests of the scoring end to end.
struct SimulateCommand: Command {
    static let name = "simulate"
    static let abstract = "Write a simulated drum performance to a MIDI file or a WAV recording (for demos and tests)."
    static let usage = "--out [--bpm] [--meter] [--bars] [options]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "FILE.mid", "The MIDI file to write, or FILE.wav: the kit played in a room (replaced only when complete).", .text) { $0.out = $1 },
        Option("--truth", "FILE.json", "Also write each note's intended offset, one JSON object a line.", .text) { $0.truth = $1 },
        Option("--bpm", "N", "Tempo in beats per minute, {range}.", .tempo, default: defaults.tempo) { $0.tempo = $1 },
        Option("--meter", "N/D", "Time signature.", .meter, default: defaults.meter) { $0.meter = $1 },
        Option("--tempo-at", "BAR:BPM", "Play to a tempo curve: this tempo at this bar, evenly between two; a bar given twice steps there, like 17:100 --tempo-at 17:110; repeatable (the file keeps --bpm).",
               .parsed(expected: "BAR:BPM with bar from 1 and tempo \(OptionHelp.range(Tempo.allowed)), like 17:110", TempoCurve.Point.init(parsing:))) {
            $0.curve.append($1)
        },
        .bars(default: defaults.bars) { $0.bars = $1 },
        .countIn { $0.countIn = $1 },
        Option("--seed", "N", "Random seed; the same seed plays the same notes.",
               .parsed(expected: "a whole number from 0 to \(UInt64.max)") { UInt64($0) }, default: defaults.player.seed) { $0.player.seed = $1 },
        Option("--mean-ms", "X", "Overall tendency, positive drags.", .number(in: SimulatedPlayer.allowedOffsetMs), default: defaults.player.meanOffsetMs) {
            $0.player.meanOffsetMs = $1
        },
        Option("--spread-ms", "X", "Standard deviation of the random part, {range}.", .number(in: 0...SimulatedPlayer.allowedOffsetMs.upperBound), default: defaults.player.spreadMs) {
            $0.player.spreadMs = $1
        },
        Option("--drift", "X", "Change of the tendency in ms per minute.", .number(in: SimulatedPlayer.allowedOffsetMs), default: defaults.player.driftMsPerMinute) {
            $0.player.driftMsPerMinute = $1
        },
        Option("--beat-bias", "MS,…", "Extra offset of each beat of the bar, cycled.",
               .parsed(expected: "1 to \(Meter.allowedBeats.upperBound) numbers from \(OptionHelp.bounds(SimulatedPlayer.allowedOffsetMs)) separated by commas, like 0,0,0,-9",
                       describe: { $0.map(OptionHelp.number).joined(separator: ",") }) { (text: String) -> [Double]? in
                   let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                   guard Meter.allowedBeats.contains(values.count), values.allSatisfy({ $0.map { SimulatedPlayer.allowedOffsetMs.contains($0) } == true }) else { return nil }
                   return values.compactMap { $0 }
               }, default: defaults.player.beatBiasMs) { $0.player.beatBiasMs = $1 },
        Option("--position-bias", "B.P:MS", "Extra offset of part P of beat B in every bar, like 3.1:-6 (the stroke on 3) or 2.3:5 (the & of 2 in 16ths); repeatable.",
               .parsed(expected: "BEAT.PART:MS with beat and part from 1 to \(Meter.allowedBeats.upperBound) and ms from \(OptionHelp.bounds(SimulatedPlayer.allowedOffsetMs)), like 3.1:-6", PositionBias.init(parsing:))) {
            $0.player.positionBiasMs.append($1)
        },
        Option("--voice-bias", "VOICE:MS", "Extra offset of every note of one drum: kick, snare or hi-hat, like kick:8; repeatable.",
               .parsed(expected: "kick, snare or hi-hat and ms from \(OptionHelp.bounds(SimulatedPlayer.allowedOffsetMs)), like kick:8") { (text: String) -> (UInt8, Double)? in
                   let halves = text.split(separator: ":", omittingEmptySubsequences: false)
                   let notes = ["kick": SimulatedPlayer.kick, "snare": SimulatedPlayer.snare, "hi-hat": SimulatedPlayer.hiHat]
                   guard halves.count == 2, let note = notes[String(halves[0])], let ms = Double(halves[1]), SimulatedPlayer.allowedOffsetMs.contains(ms) else {
                       return nil
                   }
                   return (note, ms)
               }) { $0.player.voiceBiasMs[$1.0] = $1.1 },
        Option("--subdivision", "N", "Hi-hat notes per beat: 2 (8ths) or 4 (16ths).",
               .parsed(expected: "2 (8ths) or 4 (16ths)") { (text: String) -> Int? in Int(text).flatMap { $0 == 2 || $0 == 4 ? $0 : nil } },
               default: defaults.player.subdivision) {
            $0.player.subdivision = $1
        },
        Option("--swing", "L:S", "Swing the off-beat eighths LONG:SHORT, each 1–99, like 62:38 (default: straight).",
               .swing(in: 1...99, expected: "LONG:SHORT with each 1–99, like 62:38 or 2:1")) { $0.player.swing = $1 },
        Option("--miss", "P", "Chance that a note is left out, {range}.", .number(in: 0...1), default: defaults.player.missProbability) {
            $0.player.missProbability = $1
        },
        Option("--sample-rate", "HZ", "Rate the offsets are simulated in frames at, {range}.", .sampleRate, default: defaults.sampleRate) { $0.sampleRate = $1 },
    ]
    static let discussion = """
        Example: tactus simulate --bpm 97 --bars 32 --seed 7 --out groove.mid --truth truth.json
        Example: tactus simulate --bpm 97 --bars 8 --out kit.wav && tactus analyze kit.wav --bpm 97 --origin-ms 1000 --subdivision 2
        Example: tactus simulate --bars 32 --tempo-at 1:100 --tempo-at 17:100 --tempo-at 17:110 --out step.mid && tactus analyze step.mid --free
        The drummer plays hi-hat eighths (16ths with --subdivision 4), kick on odd and snare on even beats (channel 10),
        with beat 4 rushed by 9 ms unless --beat-bias says otherwise. Tick 0 is bar 1 beat 1, where 'tactus run' sends MIDI
        Start, so 'tactus play --start-on-clock' lines the notes up with its click. Notes
        rushed ahead of bar 1 cannot be written and are left out. The tempo is stored as
        whole microseconds per quarter note (97 BPM as 618557 µs); note ticks follow the
        file's own tempo map, so each note plays within half a tick (960 per quarter) of
        its simulated time. The second line says what the drummer was made to do in the
        terms the report's findings use: the overall tendency (the mean plus the beats'
        average bias), each beat against that average, the biased positions, drift, swing and spread.
        A .wav file holds the same notes synthesised as kick, snare and hi-hat strokes at their
        frames (24-bit mono, a room and a -60 dBFS noise floor, velocity as gain; bar 1 one second
        in, so analyse it with --origin-ms 1000), to try 'tactus analyze' of a recording.
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var out: String?
    var truth: String?
    var tempo = PracticeConfig.defaultTempo
    var meter = Meter.fourFour
    var bars = 16
    var countIn = PracticeConfig.defaultCountIn
    var sampleRate = PracticeConfig.defaultSampleRate
    var player = SimulatedPlayer()
    /// `--tempo-at` points, in the order given.
    var curve: [TempoCurve.Point] = []

    var outputs: [(option: String, path: String?)] { [("--out", out), ("--truth", truth)] }

    func validate() throws(CommandLineError) {
        guard let out, !out.isEmpty else {
            throw .option("--out", "missing; give the MIDI file to write")
        }
        if truth?.isEmpty == true {
            throw .option("--truth", "expected a file name")
        }
        if let bias = player.positionBiasMs.first(where: { $0.part > player.subdivision }) {
            throw .option("--position-bias", "part \(bias.part) of beat \(bias.beat) is not played in \(player.subdivision == 4 ? "16ths" : "8ths"); parts go from 1 to \(player.subdivision)")
        }
    }

    func run() throws(CommandLineError) -> ExitCode {
        var timeline: Timeline
        do {
            timeline = try Timeline(spec: TimelineSpec(sampleRate: sampleRate, tempo: tempo, meter: meter, countInBars: countIn))
        } catch {
            throw .option(error.field == "meter" ? "--meter" : "--bpm", error.message)
        }
        if !curve.isEmpty {
            timeline = try curved(timeline)
        }
        let performance = SimulatedPerformance(timeline: timeline, player: player, bars: bars, fileTempo: tempo)
        let path = out ?? ""
        if path.lowercased().hasSuffix(".wav") {
            try Self.write(Self.recording(performance, seed: player.seed), to: path)
        } else {
            try Self.write(performance.file.encoded(), to: path)
        }
        if let truth {
            try Self.write(Array(performance.truthLines.utf8), to: truth)
        }
        Tactus.note(Self.summary(performance, path: path, truth: truth, bars: bars, curve: curve) + "\n"
            + "habits: \(player.habits(beatsPerBar: timeline.beatsPerBar(bar: 1)))\n", about: [path, truth])
        return .success
    }

    /// The grid of `steady` bent to the `--tempo-at` curve from bar 1 (a
    /// count-in keeps the first tempo), one bar past the last played.
    func curved(_ steady: Timeline) throws(CommandLineError) -> Timeline {
        let perBar = steady.beatsPerBar(bar: 1)
        let tempoCurve = TempoCurve(curve)
        let first = tempoCurve.bpm(atBeat: 0, beatsPerBar: perBar)
        let lead = Double(countIn * perBar) * 60 * Double(sampleRate) / first
        let frames = tempoCurve.beatFrames(count: (bars + 1) * perBar + 1, beatsPerBar: perBar, sampleRate: sampleRate, origin: lead)
        let countInFrames = (0..<(countIn * perBar)).map { Double($0) * 60 * Double(sampleRate) / first }
        do {
            return try Timeline.throughBeats(
                countInFrames + frames, firstBar: 1 - countIn, meter: meter, sampleRate: sampleRate)
        } catch {
            throw .option("--tempo-at", error.message)
        }
    }

    /// The performance's notes as strokes of a kit in a room, 24-bit mono WAV
    /// bytes: one second of the room before bar 1, two after the last note.
    static func recording(_ performance: SimulatedPerformance, seed: UInt64) throws(CommandLineError) -> [UInt8] {
        let rate = performance.timeline.sampleRate
        let strokes = performance.notes.map { note in
            let voice: StrokeVoice = switch note.played.note {
            case SimulatedPlayer.kick: .kick
            case SimulatedPlayer.snare: .snare
            default: .hat
            }
            return SynthesizedStroke(frame: Int64(rate) + note.played.frame, voice: voice, gain: Double(note.played.velocity) / 127 * 0.8)
        }
        let frames = Int(strokes.map(\.frame).max() ?? 0) + 2 * rate
        let samples = StrokeSynthesizer(sampleRate: rate, room: 0.25, noiseDb: -60, seed: seed).render(strokes, frameCount: frames)
        do {
            return try WAVFile(sampleRate: rate, format: .pcm24, samples: samples).bytes()
        } catch {
            throw .option("--out", error.message)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        do {
            try OutputFile.write(bytes, to: path)
        } catch {
            throw .cannotWrite(path, error)
        }
    }

    /// `wrote groove.mid: 379 notes, 32 bars of 4/4 at 97 BPM (618557 µs per quarter),
    /// intended offsets mean +5.123 ms, sd 9.402 ms; 1 note before bar 1 left out; truth in truth.json`
    static func summary(
        _ performance: SimulatedPerformance, path: String, truth: String?, bars: Int, curve: [TempoCurve.Point] = []
    ) -> String {
        let spec = performance.timeline.spec
        let rate = Double(spec.sampleRate)
        let moments = RunningMoments(performance.notes.lazy.map { Double($0.played.offsetFrames) * 1000 / rate })
        let tempo = performance.file.tempoMap.changes.last?.microsecondsPerQuarter ?? 0
        let count = performance.notes.count
        var line = "wrote \(path): \(count) note\(count == 1 ? "" : "s"), \(bars) bar\(bars == 1 ? "" : "s") of \(spec.meter) "
        if curve.isEmpty {
            line += "at \(spec.tempo) BPM (\(tempo) µs per quarter)"
        } else {
            let tempi = curve.map { Tempo(bpm: $0.bpm).description }
            line += "to a tempo curve of \(tempi.joined(separator: ", ")) BPM at bar\(curve.count == 1 ? "" : "s") \(curve.map { String($0.bar) }.joined(separator: ", "))"
                + "; the file keeps one tempo (\(tempo) µs per quarter), as a take recorded without a click"
        }
        if let mean = moments.mean {
            line += ", intended offsets mean \(String(format: "%+.3f", mean)) ms"
            if let sd = moments.sampleStandardDeviation {
                line += ", sd \(String(format: "%.3f", sd)) ms"
            }
        }
        let early = performance.notesBeforeBarOne
        if early > 0 {
            line += "; \(early) note\(early == 1 ? "" : "s") before bar 1 left out"
        }
        if let truth {
            line += "; truth in \(truth)"
        }
        return line
    }
}
