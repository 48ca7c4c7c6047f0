import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `--score-layer K` in `tactus analyze` and `tactus run`: a take of three notes a bar
/// against 4/4, scored against the three. At 120 BPM and 480 ticks a
/// quarter a tick is 50 frames and the notes of the 3 fall 640 ticks
/// (32 000 frames) apart, so every expected frame is worked out by hand.
@Suite struct ScoreLayerCommandTests {
    typealias Result = TactusBinary.Result

    /// Ticks off each note: the 2nd note of the 3 late by 12 ticks (12.5 ms),
    /// all of them with a little of the same jitter.
    static let jitter = [0, 2, -1, 1, -2, 0, 1, -1, 2, -2, 0, 1]
    static func offsetTicks(bar: Int, note: Int) -> Int {
        (note == 2 ? 12 : 0) + jitter[(bar * 3 + note) % jitter.count]
    }

    static func take(bars: Int) -> MIDIFile {
        var notes: [MIDIFileNote] = []
        for bar in 0..<bars {
            for note in 1...3 {
                let tick = 1920 * bar + 640 * (note - 1) + offsetTicks(bar: bar, note: note)
                notes.append(MIDIFileNote(tick: tick, duration: 60, channel: 9, note: 38, velocity: 100))
            }
        }
        return MIDIFile.take120(notes)
    }

    @Test func threeOverFourIsScoredNoteByNoteOfTheThree() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take(bars: 16).encoded()).write(to: directory.appendingPathComponent("three.mid"))
        let result = try TactusBinary.run(["analyze", "three.mid", "--poly", "3:4", "--score-layer", "2", "--json"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "three.mid")
        var gridFrames: [Int64] = []
        var offsets: [Int64] = []  // frames
        var positions: [GridPosition] = []
        for bar in 0..<16 {
            for note in 1...3 {
                gridFrames.append(Int64(bar) * 96_000 + Int64(note - 1) * 32_000)
                offsets.append(Int64(Self.offsetTicks(bar: bar, note: note) * 50))
                positions.append(GridPosition(bar: bar + 1, beat: note))
            }
        }
        #expect(report.hits.map(\.gridFrame) == gridFrames)
        #expect(report.hits.map { $0.frame - $0.gridFrame } == offsets)
        #expect(report.hits.map(\.position) == positions)
        #expect(report.summary.misses == 0)
        #expect(report.settings.layers == [ClickLayer(count: 3)])
        #expect(report.settings.scoring.layer == 0)

        // Each note against the take's own average: the 2nd 12.5 ms behind
        // the others, so 8.33 ms late of the average and the 1st and 3rd
        // 4.17 ms early of it (the jitter moves each by less than its interval).
        let notes = report.findings.filter { $0.kind == .beat }
        #expect(notes.map(\.beat) == [1, 2, 3])
        #expect(notes.map(\.direction) == [.early, .late, .early])
        #expect(notes.map { $0.text.prefix(22) } == ["the 1st note of the 3 ", "the 2nd note of the 3 ", "the 3rd note of the 3 "])
        let designed = [-12.5 / 3, 12.5 * 2 / 3, -12.5 / 3]
        for (finding, effect) in zip(notes, designed) {
            #expect(finding.ci95[0] <= effect && effect <= finding.ci95[1], "\(finding.text)")
        }

        let summary = try TactusBinary.run(["analyze", "three.mid", "--poly", "3:4", "--score-layer", "2"], in: directory)
        #expect(summary.stdout.contains("120 BPM 4/4, subdivision 1 of click layer 2, windows ±10/±25/±50 ms"))
        #expect(summary.stdout.contains("the 2nd note of the 3 "))
    }

    @Test func theLayerMustBeThereAndFitTheBar() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take(bars: 2).encoded()).write(to: directory.appendingPathComponent("three.mid"))
        #expect(try TactusBinary.run(["analyze", "three.mid", "--score-layer", "2"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --score-layer: layer 2 is not there: add it with --poly N:M (the first is layer 2)\n"))
        #expect(try TactusBinary.run(["analyze", "three.mid", "--poly", "3:4", "--score-layer", "3"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --score-layer: layer 3 is not there: --poly gives layers 2 to 2\n"))
        #expect(try TactusBinary.run(["analyze", "three.mid", "--poly", "3:4", "--score-layer", "6"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --score-layer: expected a layer number from 2 to 5, got '6'\n"))
        #expect(try TactusBinary.run(["analyze", "three.mid", "--poly", "3:2"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --poly: 3:2 is against 2 beats, but the grid's bar 1 has 4; give 3:4 (three.mid)\n"))
        #expect(try TactusBinary.run(["analyze", "three.mid", "--poly", "3:4", "--score-layer", "2", "--swing", "2:1"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --swing and --score-layer exclude each other: swing is of the main click's eighths\n"))
    }

    @Test func runChecksTheLayerBeforeItTouchesJack() throws {
        // Checked before the JACK server is looked for: none is running here.
        #expect(try TactusBinary.run(["run", "--score-layer", "2"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --score-layer: layer 2 is not there: the click has no layers; add one with --poly N:M (the first is layer 2)\n"))
        #expect(try TactusBinary.run(["run", "--poly", "3:4", "--score-layer", "3"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --score-layer: layer 3 is not there: the click has layers 2 to 2\n"))
        #expect(try TactusBinary.run(["run", "--poly", "3:1", "--poly-span", "beat", "--score-layer", "2"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --score-layer: layer 2 divides each beat; score a layer over the bar, or score its clicks with --score-subdivision\n"))
    }
}
