import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `tactus analyze --free`: a take played without a click, its pulse found
/// in the notes or the strokes, scored against it.
@Suite struct AnalyzeFreeTests {
    typealias Result = TactusBinary.Result

    /// 32 bars at 100 BPM, 110 from bar 17, recorded at the file's 120.
    static let step = ["simulate", "--bars", "32", "--tempo-at", "1:100", "--tempo-at", "17:100", "--tempo-at", "17:110"]

    @Test func aTakeThatStepsIsScoredAgainstItsOwnPulse() throws {
        let directory = try TactusBinary.scratchFolder()
        let simulated = try TactusBinary.run(Self.step + ["--out", "step.mid"], in: directory)
        #expect(simulated.exitCode == 0)
        #expect(simulated.stdout.hasPrefix(
            "wrote step.mid: 378 notes, 32 bars of 4/4 to a tempo curve of 100, 100, 110 BPM at bars 1, 17, 17; the file keeps one tempo (500000 µs per quarter), as a take recorded without a click"))
        let result = try TactusBinary.run(["analyze", "step.mid", "--free", "--subdivision", "2", "--json"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "stdout")
        #expect(report.settings.freeTime)
        #expect(result.stdout.contains("\"grid\" : \"free\""))
        let pulse = try #require(report.pulse)
        #expect(pulse.beats.count == 128)
        #expect(pulse.beats.first.map { [$0.bar, $0.beat] } == [1, 1])
        #expect(pulse.bars.count == 31)
        // Each bar's tempo within a BPM of the curve's: its two downbeats are
        // each a few ms off, the player's notes being 9 ms off at random.
        for bar in pulse.bars {
            #expect(abs(bar.bpm - (bar.bar < 17 ? 100 : 110)) < 1, "bar \(bar.bar): \(bar.bpm) BPM")
        }
        let tempo = report.findings.filter { $0.kind == .tempo }
        #expect(tempo.map(\.aspect) == ["step", "steadiness"])
        #expect(tempo.first?.bars == [17, 17])
        #expect(report.findings.allSatisfy { $0.kind != .overall && $0.kind != .drift })
        // Against the player's own pulse every note matches.
        #expect(report.summary.matched == 378)

        let text = try TactusBinary.run(["analyze", "step.mid", "--free", "--subdivision", "2"], in: directory)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines[1] == "free time 4/4, subdivision 2, windows ±10/±25/±50 ms, 73.3 s scored")
        #expect(lines[3].hasPrefix("against your own pulse: mean "))
        #expect(lines[5].hasPrefix("no click: the mean against one is not known; your pulse went from 99.8 BPM (bar 1) to 109.9 (bar 31), 128 beats"))
        #expect(text.stdout.contains("\nat bar 17 the tempo steps up from 100.0 to 110.0 BPM: +10.0 BPM"))

        // The tempo curve as CSV, one row a beat, as the report has it.
        #expect(try TactusBinary.run(["analyze", "step.mid", "--free", "--subdivision", "2", "--report", "step.json", "--quiet"], in: directory).exitCode == 0)
        let csv = try TactusBinary.run(["report", "csv", "step.json", "--pulse"], in: directory)
        let rows = csv.stdout.split(separator: "\n")
        #expect(rows.count == 129)
        #expect(rows[0] == "timeS,bar,beat,bpm")
        let first = pulse.beats[0]
        #expect(rows[1] == "\(String(format: "%.4f", first.timeS)),1,1,\(String(format: "%.2f", first.bpm))")
        #expect(try TactusBinary.run(["report", "csv", "step.json"], in: directory).stdout.hasPrefix("frame,timeS,bar,beat,"))
    }

    @Test func aRecordingThatStepsIsFollowedToo() throws {
        let directory = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(Self.step + ["--out", "step.wav"], in: directory).exitCode == 0)
        let result = try TactusBinary.run(["analyze", "step.wav", "--free", "--subdivision", "2", "--json"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "stdout")
        let pulse = try #require(report.pulse)
        #expect(pulse.beats.count == 128)
        for bar in pulse.bars {
            #expect(abs(bar.bpm - (bar.bar < 17 ? 100 : 110)) < 1, "bar \(bar.bar): \(bar.bpm) BPM")
        }
        #expect(report.findings.filter { $0.kind == .tempo }.map(\.bars) == [[17, 17], nil])
    }

    /// A recording of a take played to a click, exported without it: in
    /// free time it needs no --bpm or --origin-ms, its pulse is the click's
    /// tempo and its bar 1 where the click's was (the simulated recording
    /// puts bar 1 one second in).
    @Test func aRecordingPlayedToAClickFindsTheTempoAndTheBarItself() throws {
        let directory = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["simulate", "--bpm", "97", "--bars", "16", "--out", "kit.wav"], in: directory).exitCode == 0)
        let result = try TactusBinary.run(["analyze", "kit.wav", "--free", "--subdivision", "2", "--json"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "stdout")
        let pulse = try #require(report.pulse)
        #expect(pulse.beats.count == 64)
        let barOne = try #require(pulse.beats.first { $0.bar == 1 && $0.beat == 1 })
        // The drummer plays 5 ms late on average (simulate's default, plus
        // beat 1's share of the habits): bar 1 within 15 ms of 1 s.
        #expect(abs(barOne.timeS - 1) < 0.015, "bar 1 at \(barOne.timeS) s")
        for bar in pulse.bars {
            #expect(abs(bar.bpm - 97) < 1, "bar \(bar.bar): \(bar.bpm) BPM")
        }
        // No tempo claim: only how steadily it holds, about as steadily as the simulated drummer's notes allow.
        #expect(report.findings.filter { $0.kind == .tempo }.map(\.aspect) == ["steadiness"])
    }

    @Test func aTakeTooSparseIsRefusedInOneLine() throws {
        let directory = try TactusBinary.scratchFolder()
        let notes = (0..<5).map { MIDIFileNote(tick: 480 * $0, duration: 60, channel: 9, note: 38, velocity: 100) }
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)], notes: notes)
        try AnalyzeCommandTests.write(file.encoded(), as: "few.mid", in: directory)
        #expect(try TactusBinary.run(["analyze", "few.mid", "--free"], in: directory)
            == AnalyzeCommandTests.badInput("tactus analyze: few.mid: no pulse to score against: 5 notes cannot carry a pulse; free time needs at least 8"))
    }

    @Test func aReportWithoutAPulseHasNoTempoCurve() throws {
        let directory = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["simulate", "--bars", "4", "--out", "take.mid"], in: directory).exitCode == 0)
        #expect(try TactusBinary.run(["analyze", "take.mid", "--report", "take.json", "--quiet"], in: directory).exitCode == 0)
        #expect(try TactusBinary.run(["report", "csv", "take.json", "--pulse"], in: directory)
            == AnalyzeCommandTests.badInput("tactus report csv: take.json: has no pulse: it was not analysed in free time (tactus analyze --free)"))
    }

    @Test func freeTimeHasNoGridToGive() throws {
        let directory = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["analyze", "x.mid", "--free", "--bpm", "100"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --free and --bpm exclude each other: in free time the grid is the player's own pulse"))
        #expect(try TactusBinary.run(["analyze", "x.mid", "--free", "--origin-ms", "100"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --free and --origin-ms exclude each other: in free time the grid is the player's own pulse"))
        #expect(try TactusBinary.run(["analyze", "x.mid", "--bpm-range", "60-120"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --bpm-range applies to --free: the range the player's own pulse is looked for in"))
        #expect(try TactusBinary.run(["analyze", "x.mid", "--free", "--bpm-range", "120-60"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --bpm-range: expected LO-HI with 20 ≤ LO < HI ≤ 400, like 60-180, got '120-60'"))
    }
}
