import Foundation
import TactusCore

/// `tactus simulate`: a made-up drummer's performance written as a MIDI
/// file whose tick 0 is bar 1 beat 1, with the offsets each note was meant
/// to have, for demos and tests of the scoring end to end.
struct SimulateCommand: Command {
    static let name = "simulate"
    static let abstract = "Write a simulated drum performance to a MIDI file or a WAV recording (for demos and tests)."
    static let usage = "--out FILE.mid|FILE.wav [--bpm N] [--meter N/D] [--bars N] [options]"
    static let options = [
        OptionHelp("--out FILE.mid", "The MIDI file to write, or FILE.wav: the kit played in a room (replaced only when complete)."),
        OptionHelp("--truth FILE.json", "Also write each note's intended offset, one JSON object a line."),
        OptionHelp("--bpm N", "Tempo in beats per minute, 20–400 (default: 120)."),
        OptionHelp("--meter N/D", "Time signature (default: 4/4)."),
        .bars(default: 16),
        .countIn,
        OptionHelp("--seed N", "Random seed; the same seed plays the same notes (default: 1)."),
        OptionHelp("--mean-ms X", "Overall tendency, positive drags (default: 6)."),
        OptionHelp("--spread-ms X", "Standard deviation of the random part, 0–1000 (default: 9)."),
        OptionHelp("--drift X", "Change of the tendency in ms per minute (default: -1.4)."),
        OptionHelp("--beat-bias MS,…", "Extra offset of each beat of the bar, cycled (default: 0,0,0,-9)."),
        OptionHelp("--position-bias B.P:MS", "Extra offset of part P of beat B in every bar, like 3.1:-6 (the stroke on 3) or 2.3:5 (the & of 2 in 16ths); repeatable."),
        OptionHelp("--subdivision N", "Hi-hat notes per beat: 2 (8ths) or 4 (16ths) (default: 2)."),
        OptionHelp("--swing L:S", "Swing the off-beat eighths LONG:SHORT, each 1–99, like 62:38 (default: straight)."),
        OptionHelp("--miss P", "Chance that a note is left out, 0–1 (default: 0.02)."),
        OptionHelp("--sample-rate HZ", "Rate the offsets are simulated in frames at, 8000–384000 (default: 48000)."),
    ]
    static let discussion = """
        Example: tactus simulate --bpm 97 --bars 32 --seed 7 --out groove.mid --truth truth.json
        Example: tactus simulate --bpm 97 --bars 8 --out kit.wav && tactus analyze kit.wav --bpm 97 --origin-ms 1000 --subdivision 2
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

    var out: String?
    var truth: String?
    var tempo = Tempo(milliBPM: 120_000)
    var meter = Meter.fourFour
    var bars = 16
    var countIn = 0
    var sampleRate = 48_000
    var player = SimulatedPlayer()

    mutating func parse(option: String, from arguments: inout ArgumentCursor) throws(CommandLineError) -> Bool {
        switch option {
        case "--out":
            out = try arguments.value(placeholder: "FILE.mid")
        case "--truth":
            truth = try arguments.value(placeholder: "FILE.json")
        case "--bpm":
            tempo = try TimelineOptions.tempo(arguments.value(placeholder: "N"), option: option)
        case "--meter":
            meter = try TimelineOptions.parse(arguments.value(placeholder: "N/D"), option: option,
                expected: "N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8", Meter.init(parsing:))
        case "--bars":
            bars = try TimelineOptions.integer(arguments.value(placeholder: "N"), option: option, in: PracticeConfig.allowedBars, what: "a number")
        case "--count-in":
            countIn = try TimelineOptions.integer(arguments.value(placeholder: "BARS"), option: option, in: OptionHelp.allowedCountIn, what: "a number of bars")
        case "--sample-rate":
            sampleRate = try TimelineOptions.integer(arguments.value(placeholder: "HZ"), option: option,
                in: Timeline.allowedSampleRates, what: "a rate in Hz")
        case "--seed":
            player.seed = try TimelineOptions.parse(arguments.value(placeholder: "N"), option: option,
                expected: "a whole number from 0 to \(UInt64.max)", UInt64.init)
        case "--mean-ms":
            player.meanOffsetMs = try Self.number(arguments.value(placeholder: "X"), option: option, in: -1000...1000)
        case "--spread-ms":
            player.spreadMs = try Self.number(arguments.value(placeholder: "X"), option: option, in: 0...1000)
        case "--drift":
            player.driftMsPerMinute = try Self.number(arguments.value(placeholder: "X"), option: option, in: -1000...1000)
        case "--beat-bias":
            let text = try arguments.value(placeholder: "MS,…")
            let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard (1...32).contains(values.count), values.allSatisfy({ $0.map { (-1000...1000).contains($0) } == true }) else {
                throw .option(option, "expected 1 to 32 numbers from -1000 to 1000 separated by commas, like 0,0,0,-9, got '\(text)'")
            }
            player.beatBiasMs = values.compactMap { $0 }
        case "--position-bias":
            let text = try arguments.value(placeholder: "B.P:MS")
            guard let bias = PositionBias(parsing: text) else {
                throw .option(option, "expected BEAT.PART:MS with beat and part from 1 to 32 and ms from -1000 to 1000, like 3.1:-6, got '\(text)'")
            }
            player.positionBiasMs.append(bias)
        case "--subdivision":
            let text = try arguments.value(placeholder: "N")
            guard let parts = Int(text), parts == 2 || parts == 4 else {
                throw .option(option, "expected 2 (8ths) or 4 (16ths), got '\(text)'")
            }
            player.subdivision = parts
        case "--swing":
            player.swing = try TimelineOptions.parse(arguments.value(placeholder: "L:S"), option: option,
                expected: "LONG:SHORT with each 1–99, like 62:38 or 2:1") { (text: String) -> Swing? in
                let parts = text.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, let long = Int(parts[0]), let short = Int(parts[1]), (1...99).contains(long), (1...99).contains(short) else {
                    return nil
                }
                return Swing(long: long, short: short)
            }
        case "--miss":
            player.missProbability = try Self.number(arguments.value(placeholder: "P"), option: option, in: 0...1)
        default:
            return false
        }
        return true
    }

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

    static func number(_ text: String, option: String, in range: ClosedRange<Double>) throws(CommandLineError) -> Double {
        guard let value = Double(text), range.contains(value) else {
            let bounds = [range.lowerBound, range.upperBound].map { (bound: Double) -> String in
                bound == bound.rounded() ? String(Int(bound)) : String(bound)
            }
            throw .option(option, "expected a number from \(bounds[0]) to \(bounds[1]), got '\(text)'")
        }
        return value
    }

    func run() throws(CommandLineError) -> ExitCode {
        let timeline: Timeline
        do {
            timeline = try Timeline(spec: TimelineSpec(sampleRate: sampleRate, tempo: tempo, meter: meter, countInBars: countIn))
        } catch {
            throw .option(error.field == "meter" ? "--meter" : "--bpm", error.message)
        }
        let performance = SimulatedPerformance(timeline: timeline, player: player, bars: bars)
        let path = out ?? ""
        if path.lowercased().hasSuffix(".wav") {
            try Self.write(Self.recording(performance, seed: player.seed), to: path)
        } else {
            try Self.write(performance.file.encoded(), to: path)
        }
        if let truth {
            try Self.write(Array(performance.truthLines.utf8), to: truth)
        }
        Tactus.note(Self.summary(performance, path: path, truth: truth, bars: bars) + "\n"
            + "habits: \(player.habits(beatsPerBar: timeline.beatsPerBar(bar: 1)))\n", about: [path, truth])
        return .success
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
    static func summary(_ performance: SimulatedPerformance, path: String, truth: String?, bars: Int) -> String {
        let spec = performance.timeline.spec
        let rate = Double(spec.sampleRate)
        var moments = RunningMoments()
        for note in performance.notes {
            moments.add(Double(note.played.offsetFrames) * 1000 / rate)
        }
        let tempo = performance.file.tempoMap.changes.last?.microsecondsPerQuarter ?? 0
        let count = performance.notes.count
        var line = "wrote \(path): \(count) note\(count == 1 ? "" : "s"), \(bars) bar\(bars == 1 ? "" : "s") of \(spec.meter) "
            + "at \(spec.tempo) BPM (\(tempo) µs per quarter)"
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
