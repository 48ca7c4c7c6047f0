import Foundation
import TactusCore
import TactusTestSupport

/// Offline rendering against `klick -W`: wall time for one hour of click,
/// and the onset accuracy of each file read back against the ideal grid;
/// plus tactus on a tempo ramp against the closed form.
struct RenderBenchmark {
    let tactus: String
    let klick: String?
    let workDirectory: String
    /// Renders timed per program; the best counts.
    let repeats: Int

    static let sampleRate = 48_000
    static let bpm = 97.0
    /// 97 BPM × 60 min / 4 beats: exactly one hour of 4/4.
    static let hourBars = 1455
    /// Silence before a non-zero sample that makes it an onset: longer than
    /// any gap inside a click, shorter than any beat here.
    static let onsetSilence = 4_800

    func run() -> [BenchRow] {
        var rows: [BenchRow] = []
        let tactusFile = "\(workDirectory)/tactus-hour.wav"
        let klickFile = "\(workDirectory)/klick-hour.wav"
        let tactusTime = bestTime(tactus, ["render", "--bpm", "97", "--bars", "\(Self.hourBars)", "--out", tactusFile], name: "tactus render")
        let klickTime = klick.flatMap {
            bestTime($0, ["-W", klickFile, "-r", "\(Self.sampleRate)", "\(Self.hourBars)", "4/4", "97"], name: "klick -W")
        }
        rows.append(.compared(
            "Render 1 h of click, 97 BPM 4/4: wall time (s)", tactus: tactusTime, peerName: "klick -W", peer: klickTime,
            digits: 2, note: "best of \(repeats); --bars 1455 vs klick 1455 4/4 97"))

        let expected = Self.hourBars * 4
        let period = 60 * Double(Self.sampleRate) / Self.bpm
        let tactusError = tactusTime == nil ? nil : gridError(file: tactusFile, period: period)
        let klickError = klickTime == nil ? nil : gridError(file: klickFile, period: period)
        var notes: [String] = []
        if let tactusError { notes.append("tactus \(tactusError.describe("clicks", expected: expected))") }
        if let klickError { notes.append("klick \(klickError.describe("clicks", expected: expected))") }
        rows.append(.compared(
            "Render 1 h: max |onset − ideal grid| (frames)", tactus: tactusError?.maxAbs, peerName: "klick -W",
            peer: klickError?.maxAbs, digits: 2, note: notes.joined(separator: "; ")))

        rows.append(rampRow())
        try? FileManager.default.removeItem(atPath: tactusFile)
        try? FileManager.default.removeItem(atPath: klickFile)
        return rows
    }

    /// tactus at 60→180 BPM over 32 bars of 4/4, then 16 bars at 180.
    func rampRow() -> BenchRow {
        let file = "\(workDirectory)/tactus-ramp.wav"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let title = "Render ramp 60→180 BPM over 32 bars: max |onset − closed form| (frames)"
        guard bestTime(tactus, ["render", "--ramp", "60-180/32", "--bars", "48", "--out", file], name: "tactus render --ramp", repeats: 1) != nil,
              let onsets = onsets(file: file), let origin = onsets.first
        else {
            return BenchRow(measurement: title, tactus: "n/a", note: "render failed")
        }
        let rate = Double(Self.sampleRate)
        let error = GridError(frames: onsets) {
            Double(origin) + IdealGrid.rampFrames(beats: Double($0), from: 60, to: 180, over: 32 * 4, rate: rate)
        }
        return BenchRow(
            measurement: title, tactus: BenchRow.format(error.maxAbs, digits: 2),
            note: "\(onsets.count)/\(48 * 4) clicks; t(b) = 2b/(u0 + √(u0² + 2kb)), then 180 BPM")
    }

    /// Onsets of `file` against the grid anchored at its first onset.
    func gridError(file: String, period: Double) -> GridError? {
        guard let onsets = onsets(file: file), let first = onsets.first else { return nil }
        return GridError(frames: onsets, anchor: first, period: period)
    }

    /// First non-zero sample after `onsetSilence` zero samples, read back with `WAVFile`.
    func onsets(file: String) -> [Int64]? {
        guard let data = FileManager.default.contents(atPath: file) else {
            Console.warn("cannot read \(file)")
            return nil
        }
        do {
            let wav = try WAVFile(bytes: [UInt8](data))
            var detector = try OnsetDetector(threshold: .leastNonzeroMagnitude, holdOffSamples: Self.onsetSilence)
            return detector.process(wav.monoSamples)
        } catch {
            Console.warn("\(file): \(error)")
            return nil
        }
    }

    /// The shortest wall time of `repeats` runs, in seconds; nil if one fails.
    func bestTime(_ executable: String, _ arguments: [String], name: String, repeats: Int? = nil) -> Double? {
        var best = Double.infinity
        for _ in 0..<(repeats ?? self.repeats) {
            do {
                let child = try ChildProcess(executable, arguments, logPath: "\(workDirectory)/render.log")
                guard child.exitedThenStop(within: .seconds(600)) else {
                    Console.warn("\(name) did not finish within 10 minutes")
                    return nil
                }
                guard child.exitStatus == 0 else {
                    Console.warn("\(name) failed (exit \(child.exitStatus ?? -1)); see \(workDirectory)/render.log")
                    return nil
                }
                best = min(best, child.elapsedSeconds)
            } catch {
                Console.warn("\(error)")
                return nil
            }
        }
        return best
    }
}
