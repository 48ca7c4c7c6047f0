import Foundation
import Testing
import TactusCore
import TactusTestSupport

@Suite struct AnalyzeCommandTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    static func badInput(_ line: String) -> Result {
        Result(exitCode: 4, stdout: "", stderr: line + "\n")
    }

    /// Eight bars of eighths on the snare at 120 BPM, 480 PPQ, after one bar
    /// of count-in on the hi-hat; offsets in ticks cycle through `offsets`,
    /// and every 13th note is left out.
    static func take(offsets: [Int] = [0, 3, -2, 5, 1, -4], tempo: Int = 500_000) -> MIDIFile {
        var notes = (0..<4).map { MIDIFileNote(tick: 480 * $0, duration: 60, channel: 9, note: 42, velocity: 70) }
        for index in 0..<64 where index % 13 != 12 {
            notes.append(MIDIFileNote(tick: 1920 + 240 * index + offsets[index % offsets.count], duration: 60, channel: 9, note: 38, velocity: 100))
        }
        return MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: tempo)],
            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 4, denominatorPower: 2))], notes: notes)
    }

    /// Writes `bytes` as `name` with a fixed modification time; returns the createdAt tactus gives it.
    @discardableResult
    static func write(_ bytes: [UInt8], as name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let date = Date(timeIntervalSince1970: 1_772_388_000)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }

    static func expected(_ file: MIDIFile, name: String, createdAt: String, settings: AnalysisSettings, detail: String) throws -> PerformanceAnalysis {
        try PerformanceAnalysis.analyze(
            file, settings: settings, createdAt: createdAt, source: ReportSource(kind: .analyze, file: name, detail: detail))
    }

    @Test func scoresATakeLikeAReport() throws {
        let directory = try TactusBinary.scratchFolder()
        let file = Self.take()
        let createdAt = try Self.write(file.encoded(), as: "take.mid", in: directory)
        let settings = AnalysisSettings(scoring: ScoringSettings(subdivision: 2, noteFilter: NoteFilter(notes: [38...38])), origin: .beats(thousandths: 4_000))
        let analysis = try Self.expected(file, name: "take.mid", createdAt: createdAt, settings: settings,
                                         detail: "format 1, 480 ticks per quarter, 2 tracks; tempo and meter from the file")
        let report = analysis.report
        #expect(report.summary.matched == 60)
        #expect(report.summary.misses == 4)
        #expect(report.hits.filter(\.countIn).count == 0)   // the hi-hat count-in is filtered out
        let result = try TactusBinary.run(["analyze", "take.mid", "--subdivision", "2", "--notes", "38", "--offset-beats", "4"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: ReportSummaryText.show(report), stderr: ""))
        #expect(result.stdout.hasPrefix("session \(createdAt) (analyze, take.mid, format 1, 480 ticks per quarter, 2 tracks; tempo and meter from the file)\n120 BPM 4/4, subdivision 2, windows ±10/±25/±50 ms, 16.0 s scored\nhits 60 (60 matched, 0 extra), 4 missed\n"))

        let json = try TactusBinary.run(
            ["analyze", "take.mid", "--subdivision=2", "--notes=38", "--offset-beats=4", "--json", "--report", "take.json"], in: directory)
        #expect(json == Result(exitCode: 0, stdout: try report.jsonText(), stderr: ""))
        #expect(try String(contentsOf: directory.appendingPathComponent("take.json"), encoding: .utf8) == json.stdout)
        #expect(try TactusBinary.run(["report", "show", "take.json"], in: directory).stdout == result.stdout)
    }

    @Test func countInAndScoringOptions() throws {
        let directory = try TactusBinary.scratchFolder()
        let file = Self.take()
        let createdAt = try Self.write(file.encoded(), as: "take.mid", in: directory)
        // From 2 s on (the same bar 1), swung eighths, only the beats expected, wider windows, drums' channel.
        let settings = AnalysisSettings(
            scoring: ScoringSettings(
                subdivision: 2, swing: .triplet, windows: TimingWindows(perfect: 5, good: 15, ok: 40), expected: .beats,
                noteFilter: NoteFilter(channels: [10])),
            origin: .time(microseconds: 2_000_000))
        let analysis = try Self.expected(file, name: "take.mid", createdAt: createdAt, settings: settings,
                                         detail: "format 1, 480 ticks per quarter, 2 tracks; tempo and meter from the file")
        #expect(analysis.report.hits.filter(\.countIn).count == 4)
        let result = try TactusBinary.run(
            ["analyze", "take.mid", "--swing", "2:1", "--expected", "beats", "--windows", "5,15,40", "--channel", "10", "--origin-ms", "2000"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: ReportSummaryText.show(analysis.report), stderr: ""))

        let steady = try Self.expected(file, name: "take.mid", createdAt: createdAt,
                                       settings: AnalysisSettings(tempo: Tempo(milliBPM: 118_000), meter: Meter(beats: 7, noteValue: 8)),
                                       detail: "format 1, 480 ticks per quarter, 2 tracks; steady 118 BPM in 7/8")
        #expect(try TactusBinary.run(["analyze", "take.mid", "--bpm", "118", "--meter", "7/8"], in: directory)
            == Result(exitCode: 0, stdout: ReportSummaryText.show(steady.report), stderr: ""))
    }

    @Test func damagedFilesAreScoredAsFarAsTheyGo() throws {
        let directory = try TactusBinary.scratchFolder()
        let bytes = Self.take().encoded()
        // Cut inside the second track: the notes before the cut are kept.
        let cut = Array(bytes.prefix(bytes.count - 200))
        let createdAt = try Self.write(cut, as: "cut.mid", in: directory)
        let read = try MIDIFile.read(cut)
        #expect(!read.warnings.isEmpty)
        let analysis = try Self.expected(read.file, name: "cut.mid", createdAt: createdAt, settings: AnalysisSettings(),
                                         detail: "format 1, 480 ticks per quarter, 2 tracks; tempo and meter from the file")
        let result = try TactusBinary.run(["analyze", "cut.mid"], in: directory)
        #expect(result == Result(
            exitCode: 0, stdout: ReportSummaryText.show(analysis.report),
            stderr: read.warnings.map { "tactus analyze: warning: cut.mid: \($0)\n" }.joined()
                + "tactus analyze: hint: 19 of 42 hits fall between the beats, as eighths would; score them with --subdivision 2\n"))
        #expect(result.stderr.hasPrefix("tactus analyze: warning: cut.mid: offset "))
        #expect(analysis.report.hits.count > 20)

        try Self.write(Array("MThx".utf8) + Array(bytes.dropFirst(4)), as: "bad.mid", in: directory)
        #expect(try TactusBinary.run(["analyze", "bad.mid"], in: directory)
            == Self.badInput("tactus analyze: bad.mid: offset 0: header: not a Standard MIDI File (it does not start with MThd)"))
        try Self.write(Array(bytes.prefix(10)), as: "short.mid", in: directory)
        #expect(try TactusBinary.run(["analyze", "short.mid"], in: directory)
            == Self.badInput("tactus analyze: short.mid: offset 10: header: the file ends inside the header, after 10 bytes"))
        #expect(try TactusBinary.run(["analyze", "gone.mid"], in: directory)
            == Self.badInput("tactus analyze: gone.mid: cannot read the MIDI file: No such file or directory"))
        try Self.write(Self.take(tempo: 100_000).encoded(), as: "fast.mid", in: directory)
        #expect(try TactusBinary.run(["analyze", "fast.mid"], in: directory)
            == Self.badInput("tactus analyze: fast.mid: tempo at tick 0: 600 BPM is outside 20–400; give --bpm to score against a steady tempo"))
        #expect(try TactusBinary.run(["analyze", "fast.mid", "--bpm", "150"], in: directory).exitCode == 0)
    }

    @Test func usageErrors() throws {
        #expect(try TactusBinary.run(["analyze"]) == Self.usageError("tactus analyze: missing FILE.mid or FILE.wav; give the recorded performance to score"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--offset-beats", "1", "--origin-ms", "20"])
            == Self.usageError("tactus analyze: --offset-beats and --origin-ms exclude each other; give one"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--offset-beats", "soon"])
            == Self.usageError("tactus analyze: --offset-beats: expected a number of beats from -10000000 to 10000000, got 'soon'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--origin-ms", "1e12"])
            == Self.usageError("tactus analyze: --origin-ms: expected a number of milliseconds from -10000000 to 10000000, got '1e12'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--swing", "2:1", "--subdivision", "4"])
            == Self.usageError("tactus analyze: --swing: applies to eighths only; use --subdivision 2, not 4"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--swing", "2-1"])
            == Self.usageError("tactus analyze: --swing: expected LONG:SHORT like 2:1 or 3:1, got '2-1'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--windows", "10,25"])
            == Self.usageError("tactus analyze: --windows: expected three windows PERFECT,GOOD,OK in ms like 10,25,50 (or in percent like 10,20,40%), got '10,25'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--windows", "30,25,50"])
            == Self.usageError("tactus analyze: --windows: good must be at least the perfect window (30.0), got 25.0"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--notes", "36,300"])
            == Self.usageError("tactus analyze: --notes: expected notes 0–127 and ranges like 36,38-40, got '36,300'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--channel", "17"])
            == Self.usageError("tactus analyze: --channel: expected channels 1–16 like 10 or 1,10, got '17'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--expected", "x-x-"])
            == Self.usageError("tactus analyze: --expected: expected subdivisions, beats, or a pattern of x (play) and . (rest) like x.x., got 'x-x-'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--bpm", "1000"])
            == Self.usageError("tactus analyze: --bpm: expected a number from 20 to 400, got '1000'"))
        #expect(try TactusBinary.run(["analyze", "t.mid", "--subdivison", "2"])
            == Self.usageError("tactus analyze: unknown option '--subdivison' (did you mean '--subdivision'?)"))
    }
}

@Suite struct AnalyzeHintTests {
    @Test func aFileWithoutNotesIsBadInput() throws {
        let directory = try TactusBinary.scratchFolder()
        let empty = MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            meterChanges: [], notes: [])
        try AnalyzeCommandTests.write(empty.encoded(), as: "empty.mid", in: directory)
        let result = try TactusBinary.run(["analyze", "empty.mid", "--report", "r.json"], in: directory)
        #expect(result == AnalyzeCommandTests.badInput("tactus analyze: empty.mid: no notes to score"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.json").path))
    }

    /// The README's example on a backbeat: snare on beats 2 and 4 for 16 bars,
    /// scored with sixteenths, all of them expected (up to the last hit: 253).
    @Test func aBackbeatOnSixteenthsSuggestsExpectingBeats() throws {
        let directory = try TactusBinary.scratchFolder()
        let notes = (0..<16).flatMap { bar in
            [1, 3].map { MIDIFileNote(tick: 1920 * bar + 480 * $0, duration: 60, channel: 9, note: 38, velocity: 100) }
        }
        let file = MIDIFile.take120(notes)
        try AnalyzeCommandTests.write(file.encoded(), as: "take.mid", in: directory)
        let sixteenths = try TactusBinary.run(["analyze", "take.mid", "--subdivision", "4", "--notes", "38"], in: directory)
        #expect(sixteenths.exitCode == 0)
        #expect(sixteenths.stderr == "tactus analyze: hint: 221 of 253 expected positions were missed, and 32 of 32 hits are on the beats; "
            + "to expect only those, add --expected beats\n")
        let beats = try TactusBinary.run(["analyze", "take.mid", "--subdivision", "4", "--notes", "38", "--expected", "beats"], in: directory)
        #expect(beats.exitCode == 0)
        #expect(beats.stderr == "")
        #expect(beats.stdout.contains("hits 32 (32 matched, 0 extra), 32 missed\n"))
    }

    /// Eighths scored against quarter notes: half of them between the beats.
    @Test func eighthsOnTheBeatGridSuggestSubdivisionTwo() throws {
        let directory = try TactusBinary.scratchFolder()
        try AnalyzeCommandTests.write(AnalyzeCommandTests.take().encoded(), as: "take.mid", in: directory)
        let plain = try TactusBinary.run(["analyze", "take.mid"], in: directory)
        #expect(plain.exitCode == 0)
        #expect(plain.stderr == "tactus analyze: hint: 30 of 64 hits fall between the beats, as eighths would; score them with --subdivision 2\n")
        let eighths = try TactusBinary.run(["analyze", "take.mid", "--subdivision", "2"], in: directory)
        #expect(eighths.exitCode == 0)
        #expect(eighths.stderr == "")
    }

    /// The summary printed after scoring is the one `report show` prints of the saved report, digit for digit.
    @Test func theSummaryIsTheSavedReports() throws {
        let directory = try TactusBinary.scratchFolder()
        try AnalyzeCommandTests.write(AnalyzeCommandTests.take(offsets: [0, 3, -2, 5, 1, -4, 7, 2, -1]).encoded(), as: "take.mid", in: directory)
        let analyzed = try TactusBinary.run(["analyze", "take.mid", "--subdivision", "2", "--report", "r.json"], in: directory)
        let shown = try TactusBinary.run(["report", "show", "r.json"], in: directory)
        #expect(analyzed.exitCode == 0)
        #expect(shown.exitCode == 0)
        #expect(analyzed.stdout == shown.stdout)
    }
}
