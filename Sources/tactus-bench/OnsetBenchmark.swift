import Foundation
import TactusCore
import TactusTestSupport

/// Stroke detection against the truth, tactus beside aubio's `aubioonset` on
/// the same WAV files: synthesised takes (`StrokeSynthesizer`) of a kit and of
/// plucked strings in a room over a noise floor, whose onsets are known to the
/// sample. tactus reads each file back as `tactus analyze` does and runs its
/// `StrokeDetector` with the default settings; aubioonset runs with every
/// method and a range of thresholds, and its best (highest F-measure, then
/// lowest median error) is shown with the settings that gave it.
struct OnsetBenchmark {
    let tactus: String
    let workDirectory: String
    let quick: Bool

    /// A pair within this of a true onset is a match.
    static let toleranceMs = 25.0
    /// Onsets this close to the one before are one stroke, for the truth and both detectors.
    static let mergeMs = 15.0
    /// Snares below this gain are the takes' ghost notes (20–26 dB under the backbeat's 0.75).
    static let ghostGain = 0.1

    struct Material {
        var name: String
        var sampleRate: Int
        var format: WAVSampleFormat
        var strokes: [SynthesizedStroke]
        var synthesizer: StrokeSynthesizer
        var seconds: Double
    }

    struct Outcome {
        var accuracy: OnsetAccuracy
        var detected: [Int64]
        var sampleRate: Int
        var setting: String
        var seconds: Double

        func ms(_ frames: Int64?) -> Double? { frames.map { Double($0) * 1000 / Double(sampleRate) } }
        var f1: Double { 2 * accuracy.precision * accuracy.recall / max(accuracy.precision + accuracy.recall, 1e-9) }
    }

    var materials: [Material] {
        let bars = quick ? 8 : 32
        let notes = quick ? 48 : 160
        let kit = StrokeSynthesizer(sampleRate: 48_000, room: 0.3, noiseDb: -60, seed: 7)
        let kit44 = StrokeSynthesizer(sampleRate: 44_100, room: 0.5, noiseDb: -54, seed: 11)
        let strings = StrokeSynthesizer(sampleRate: 48_000, room: 0.25, noiseDb: -66, seed: 5)
        return [
            Material(name: "kit, 48 kHz 24-bit, room, noise -60 dBFS", sampleRate: 48_000, format: .pcm24,
                strokes: kit.kitTake(bars: bars), synthesizer: kit, seconds: Double(bars) * 2.4 + 4),
            Material(name: "kit, 44.1 kHz 16-bit, big room, noise -54 dBFS", sampleRate: 44_100, format: .pcm16,
                strokes: kit44.kitTake(bars: bars, bpm: 120), synthesizer: kit44, seconds: Double(bars) * 2 + 4),
            Material(name: "plucked strings, 48 kHz float, room, noise -66 dBFS", sampleRate: 48_000, format: .float32,
                strokes: strings.stringTake(notes: notes), synthesizer: strings, seconds: Double(notes) / 3 + 4),
        ]
    }

    func run() -> (rows: [BenchRow], notes: [String]) {
        var rows: [BenchRow] = []
        var notes: [String] = []
        let aubio = ChildProcess.find("aubioonset")
        if aubio == nil { notes.append("aubioonset is missing (Scripts/setup installs aubio-tools); its column reads n/a.") }
        for material in materials {
            Console.progress("onsets: \(material.name)")
            let merge = Int64((Self.mergeMs * Double(material.sampleRate) / 1000).rounded())
            let tolerance = Int64((Self.toleranceMs * Double(material.sampleRate) / 1000).rounded())
            let truth = StrokeSynthesizer.truth(material.strokes, mergeFrames: merge)
            // Ghost notes: the quiet snares that begin a stroke of their own.
            let onsets = Set(truth)
            let ghosts = material.strokes.filter { $0.voice == .snare && $0.gain < Self.ghostGain && onsets.contains($0.frame) }.map(\.frame)
            let samples = material.synthesizer.render(material.strokes, frameCount: Int(material.seconds * Double(material.sampleRate)))
            let file = "\(workDirectory)/onsets-\(material.sampleRate)-\(material.format.rawValue).wav"
            let wav = WAVFile(sampleRate: material.sampleRate, format: material.format, samples: samples)
            guard let bytes = try? wav.bytes(), FileManager.default.createFile(atPath: file, contents: Data(bytes)),
                  let read = try? WAVFile(bytes: bytes)
            else {
                rows.append(BenchRow(measurement: "onsets: \(material.name)", tactus: "n/a", note: "could not write \(file)"))
                continue
            }
            defer { try? FileManager.default.removeItem(atPath: file) }
            let start = (Double(Monotonic.nanoseconds()) / 1e9)
            var detector = try! StrokeDetector(settings: StrokeDetectorSettings(sampleRate: material.sampleRate, mergeMs: Self.mergeMs))
            let found = (detector.process(read.monoSamples) + detector.finish()).map(\.frame)
            let ours = Outcome(
                accuracy: OnsetAccuracy(truth: truth, detected: found, tolerance: tolerance), detected: found,
                sampleRate: material.sampleRate, setting: "default", seconds: (Double(Monotonic.nanoseconds()) / 1e9) - start)
            let theirs = aubio.flatMap { best(aubio: $0, file: file, truth: truth, sampleRate: material.sampleRate, tolerance: tolerance) }
            rows += Self.rows(material: material, truthCount: truth.count, ours: ours, theirs: theirs)
            if !ghosts.isEmpty {
                func recall(_ outcome: Outcome) -> Double { OnsetAccuracy(truth: ghosts, detected: outcome.detected, tolerance: tolerance).recall }
                rows.append(.compared(
                    "onsets, \(material.name), \(truth.count) strokes: recall of its \(ghosts.count) ghost notes", tactus: recall(ours),
                    peerName: "aubioonset", peer: theirs.map(recall), digits: 3))
            }
        }
        notes.append(
            "Onsets: a detected onset within \(Int(Self.toleranceMs)) ms of a true one matches it (nearest pairs first); strokes within "
                + "\(Int(Self.mergeMs)) ms of the one before are one (truth and both detectors). aubioonset's best of its methods "
                + "× thresholds 0.05–0.9 × window 512/1024 × silence gate -90/-70 dB, chosen by F-measure then median error.")
        return (rows, notes)
    }

    static func rows(material: Material, truthCount: Int, ours: Outcome, theirs: Outcome?) -> [BenchRow] {
        let title = "onsets, \(material.name), \(truthCount) strokes"
        let peer = "aubioonset"
        let setting = theirs.map { "aubio \($0.setting)" } ?? ""
        return [
            .compared("\(title): median error (ms)", tactus: ours.ms(ours.accuracy.absoluteError(atFraction: 0.5)), peerName: peer,
                peer: theirs.flatMap { $0.ms($0.accuracy.absoluteError(atFraction: 0.5)) }, digits: 3, note: setting),
            .compared("\(title): p95 error (ms)", tactus: ours.ms(ours.accuracy.absoluteError(atFraction: 0.95)), peerName: peer,
                peer: theirs.flatMap { $0.ms($0.accuracy.absoluteError(atFraction: 0.95)) }, digits: 3),
            .compared("\(title): recall", tactus: ours.accuracy.recall, peerName: peer, peer: theirs?.accuracy.recall, digits: 3),
            .compared("\(title): precision", tactus: ours.accuracy.precision, peerName: peer, peer: theirs?.accuracy.precision, digits: 3,
                note: String(format: "tactus found them in %.2f s (wall) for %.0f s of audio", ours.seconds, material.seconds)),
        ]
    }

    /// aubioonset's best outcome over its settings.
    func best(aubio: String, file: String, truth: [Int64], sampleRate: Int, tolerance: Int64) -> Outcome? {
        var best: Outcome?
        let methods = quick ? ["hfc", "complex", "specflux"] : ["hfc", "complex", "specflux", "energy", "phase", "specdiff", "kl", "mkl"]
        let thresholds = quick ? [0.1, 0.3, 0.6] : [0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.9]
        let windows = quick ? [512] : [512, 1024]
        let silences = quick ? [-90] : [-90, -70]
        for method in methods {
            for threshold in thresholds {
                for window in windows {
                    for silence in silences {
                        let arguments = [
                            "-i", file, "-O", method, "-t", String(threshold), "-B", String(window), "-H", String(window / 4),
                            "-M", String(Self.mergeMs / 1000), "-s", String(silence), "-T", "samples",
                        ]
                        let start = (Double(Monotonic.nanoseconds()) / 1e9)
                        guard let result = ChildProcess.output(aubio, arguments, workDirectory: workDirectory, timeout: 120), result.status == 0 else {
                            continue
                        }
                        let onsets = result.text.split(whereSeparator: \.isNewline).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                        let detected = onsets.map { Int64($0.rounded()) }
                        let outcome = Outcome(
                            accuracy: OnsetAccuracy(truth: truth, detected: detected, tolerance: tolerance), detected: detected,
                            sampleRate: sampleRate, setting: "-O \(method) -t \(threshold) -B \(window) -H \(window / 4) -s \(silence)",
                            seconds: (Double(Monotonic.nanoseconds()) / 1e9) - start)
                        if let current = best {
                            let median = outcome.accuracy.absoluteError(atFraction: 0.5) ?? .max
                            let currentMedian = current.accuracy.absoluteError(atFraction: 0.5) ?? .max
                            guard outcome.f1 > current.f1 + 1e-9 || (abs(outcome.f1 - current.f1) <= 1e-9 && median < currentMedian) else { continue }
                        }
                        best = outcome
                    }
                }
            }
        }
        return best
    }
}
