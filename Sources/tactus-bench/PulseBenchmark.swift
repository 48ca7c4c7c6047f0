import Foundation
import TactusCore
import TactusTestSupport

/// Free time against the truth: takes played by the simulated drummer to a
/// tempo curve given on purpose (steady, slow drift, accelerando, a pushed
/// fill, a tempo step), as MIDI and rendered to audio, each beat's time and
/// tempo known. `tactus analyze --free` reads both; librosa's and
/// Essentia's beat trackers (PyPI) read the audio, through a Python with
/// both (`--python`, else `.build/bench/venv/bin/python`, else `python3`).
///
/// Each true beat is matched with the nearest beat found within half a
/// beat. Beat error is the distance left once the take's constant offset
/// (the median distance) is taken out; a true beat with none found counts
/// as half a beat off. Tempo error is the found beat's local tempo (a
/// tracker's own where it gives one, else 60 s over the interval to its
/// next beat) against the curve's tempo at that beat.
struct PulseBenchmark {
    let tactus: String
    let python: String?
    let workDirectory: String
    let quick: Bool

    struct Take {
        var name: String
        var bars: Int
        var curve: [TempoCurve.Point]
    }

    static let takes: [Take] = [
        Take(name: "steady 100 BPM", bars: 32, curve: [.init(bar: 1, bpm: 100)]),
        Take(name: "slow drift 96 to 100 over 64 bars", bars: 64, curve: [.init(bar: 1, bpm: 96), .init(bar: 65, bpm: 100)]),
        Take(name: "accelerando 90 to 130 over 32 bars", bars: 32, curve: [.init(bar: 1, bpm: 90), .init(bar: 33, bpm: 130)]),
        Take(name: "pushed fill, bars 15-16 at 106 in 100", bars: 32, curve: [
            .init(bar: 1, bpm: 100), .init(bar: 15, bpm: 100), .init(bar: 15, bpm: 106), .init(bar: 17, bpm: 106), .init(bar: 17, bpm: 100),
        ]),
        Take(name: "tempo step 100 to 110 at bar 17", bars: 32, curve: [.init(bar: 1, bpm: 100), .init(bar: 17, bpm: 100), .init(bar: 17, bpm: 110)]),
    ]

    /// Where a simulated recording puts bar 1 (`tactus simulate --out F.wav`).
    static let audioLead = 1.0

    struct Score {
        var beatErrorsMs: [Double] = []
        var tempoErrors: [Double] = []
        var matched = 0
        var truth = 0

        mutating func add(_ other: Score) {
            beatErrorsMs += other.beatErrorsMs
            tempoErrors += other.tempoErrors
            matched += other.matched
            truth += other.truth
        }
    }

    /// `found` beats (seconds, with their local tempo if the tracker gives
    /// one) against `truth` (seconds) and its tempi.
    static func score(found: [(time: Double, bpm: Double?)], truth: [Double], tempi: [Double]) -> Score {
        var score = Score(truth: truth.count - 1)
        guard !found.isEmpty else {
            score.beatErrorsMs = (0..<(truth.count - 1)).map { (truth[$0 + 1] - truth[$0]) * 500 }
            return score
        }
        var pairs: [(index: Int, found: Int, distance: Double)] = []
        var cursor = 0
        for index in 0..<(truth.count - 1) {
            while cursor + 1 < found.count, abs(found[cursor + 1].time - truth[index]) <= abs(found[cursor].time - truth[index]) { cursor += 1 }
            let distance = found[cursor].time - truth[index]
            if abs(distance) < (truth[index + 1] - truth[index]) / 2 { pairs.append((index, cursor, distance)) }
        }
        let offset = OrderStatistics.median(pairs.map(\.distance)) ?? 0
        score.matched = pairs.count
        var matched = Set<Int>()
        for pair in pairs {
            matched.insert(pair.index)
            score.beatErrorsMs.append(abs(pair.distance - offset) * 1000)
            let bpm = found[pair.found].bpm ?? (pair.found + 1 < found.count ? 60 / (found[pair.found + 1].time - found[pair.found].time) : nil)
            if let bpm { score.tempoErrors.append(abs(bpm - tempi[pair.index])) }
        }
        for index in 0..<(truth.count - 1) where !matched.contains(index) {
            score.beatErrorsMs.append((truth[index + 1] - truth[index]) * 500)
        }
        return score
    }

    func run() -> (rows: [BenchRow], notes: [String]) {
        var rows: [BenchRow] = []
        var notes: [String] = []
        let peers = ["librosa", "essentia"]
        let script = "\(workDirectory)/pulse-peers.py"
        _ = FileManager.default.createFile(atPath: script, contents: Data(Self.peerScript.utf8))
        defer { try? FileManager.default.removeItem(atPath: script) }
        var available: [String] = []
        if let python {
            for peer in peers where ChildProcess.output(python, ["-c", "import \(peer)"], workDirectory: workDirectory, timeout: 120)?.status == 0 {
                available.append(peer)
            }
        }
        if available.count < peers.count {
            notes.append("Free time: \(peers.filter { !available.contains($0) }.joined(separator: " and ")) not importable by \(python ?? "python3"); "
                + "Scripts/bench installs both in .build/bench/venv (pip, network needed). Their columns read n/a.")
        }
        let seeds: [UInt64] = quick ? [1] : [1, 2, 3]
        for take in Self.takes {
            Console.progress("pulse: \(take.name)")
            var midi = Score(), audio = Score()
            var theirs: [String: Score] = [:]
            var failures: [String] = []
            for seed in seeds {
                let curve = TempoCurve(take.curve)
                let frames = curve.beatFrames(count: take.bars * 4 + 1, beatsPerBar: 4, sampleRate: 48_000)
                let truth = frames.map { $0 / 48_000 }
                let tempi = (0..<(take.bars * 4)).map { curve.bpm(atBeat: $0, beatsPerBar: 4) }
                let base = "\(workDirectory)/pulse-\(seed)"
                let arguments = ["simulate", "--bars", String(take.bars), "--seed", String(seed)]
                    + take.curve.flatMap { ["--tempo-at", "\($0.bar):\($0.bpm)"] }
                defer {
                    try? FileManager.default.removeItem(atPath: base + ".mid")
                    try? FileManager.default.removeItem(atPath: base + ".wav")
                }
                guard ChildProcess.output(tactus, arguments + ["--out", base + ".mid"], workDirectory: workDirectory)?.status == 0,
                      ChildProcess.output(tactus, arguments + ["--out", base + ".wav"], workDirectory: workDirectory, timeout: 120)?.status == 0
                else {
                    failures.append("tactus simulate failed (seed \(seed))")
                    continue
                }
                for (file, lead) in [(base + ".mid", 0.0), (base + ".wav", Self.audioLead)] {
                    let beats = pulse(of: file)
                    if beats == nil { failures.append("tactus analyze --free failed on \(file)") }
                    let score = Self.score(found: beats ?? [], truth: truth.map { $0 + lead }, tempi: tempi)
                    if lead == 0 { midi.add(score) } else { audio.add(score) }
                }
                for peer in available {
                    guard let result = ChildProcess.output(python ?? "python3", [script, peer, base + ".wav"], workDirectory: workDirectory, timeout: 300),
                          result.status == 0,
                          let line = result.text.split(separator: "\n").last,
                          let times = try? JSONDecoder().decode([Double].self, from: Data(line.utf8))
                    else {
                        failures.append("\(peer) failed on seed \(seed)")
                        continue
                    }
                    theirs[peer, default: Score()].add(Self.score(
                        found: times.map { ($0, nil) }, truth: truth.map { $0 + Self.audioLead }, tempi: tempi))
                }
            }
            rows += Self.rows(take: take, midi: midi, audio: audio, peers: peers.map { ($0, theirs[$0]) }, seeds: seeds.count)
            if !failures.isEmpty { notes.append("Free time, \(take.name): " + failures.joined(separator: "; ")) }
        }
        notes.append(
            "Free time: the simulated drummer (every note 9 ms off at random, beat 4 rushed 9 ms, 2 % of notes left out) plays each "
                + "curve \(seeds.count == 1 ? "once" : "\(seeds.count) times (seeds 1–\(seeds.count))"); MIDI and the same notes rendered to a "
                + "room. Beat error after the take's constant offset is taken out; a beat not found counts as half a beat. "
                + "librosa: beat.beat_track; Essentia: RhythmExtractor2013 (multifeature). Targets: tempo within 0.5 BPM at the median "
                + "and 2 BPM at p95, beats within 10 ms at p95.")
        return (rows, notes)
    }

    /// The pulse `tactus analyze FILE --free` finds, or nil.
    func pulse(of file: String) -> [(time: Double, bpm: Double?)]? {
        guard let result = ChildProcess.output(tactus, ["analyze", file, "--free", "--json", "--quiet"], workDirectory: workDirectory, timeout: 300),
              result.status == 0,
              let report = try? PracticeReport.decode(Data(result.text.utf8), file: file),
              let pulse = report.pulse
        else { return nil }
        return pulse.beats.map { ($0.timeS, Optional($0.bpm)) }
    }

    static func rows(take: Take, midi: Score, audio: Score, peers: [(String, Score?)], seeds: Int) -> [BenchRow] {
        let title = "free time, \(take.name)"
        func cells(_ score: Score?) -> String {
            guard let score, let p95 = OrderStatistics.nearestRank(95, of: score.beatErrorsMs) else { return "n/a" }
            let median = OrderStatistics.median(score.tempoErrors).map { String(format: "%.2f", $0) } ?? "n/a"
            let tempoP95 = OrderStatistics.nearestRank(95, of: score.tempoErrors).map { String(format: "%.2f", $0) } ?? "n/a"
            return String(format: "%.1f ms", p95) + " / \(median) / \(tempoP95) BPM (\(score.matched)/\(score.truth))"
        }
        return [
            BenchRow(measurement: "\(title), MIDI: beat p95 / tempo median / tempo p95 (beats found)", tactus: cells(midi)),
            BenchRow(
                measurement: "\(title), audio: beat p95 / tempo median / tempo p95 (beats found)", tactus: cells(audio),
                peerName: peers.map(\.0).joined(separator: " | "), peer: peers.map { cells($0.1) }.joined(separator: " | ")),
        ]
    }

    /// The peers' adapter: one line of JSON, the beat times in seconds.
    static let peerScript = """
        import json, sys
        peer, path = sys.argv[1], sys.argv[2]
        if peer == "librosa":
            import librosa
            y, rate = librosa.load(path, sr=None, mono=True)
            _, beats = librosa.beat.beat_track(y=y, sr=rate, units="time")
        else:
            import essentia.standard as es
            audio = es.MonoLoader(filename=path, sampleRate=44100)()
            _, beats, _, _, _ = es.RhythmExtractor2013(method="multifeature")(audio)
        print(json.dumps([float(b) for b in beats]))

        """
}
