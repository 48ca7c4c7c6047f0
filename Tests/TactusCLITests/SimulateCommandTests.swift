import Foundation
import Testing
import TactusCore
import TactusTestSupport

@Suite struct SimulateCommandTests {
    typealias Result = TactusBinary.Result

    /// The file and the truth are exactly the library's performance for the
    /// same settings, and the notes read back at the expected ticks.
    @Test func writesThePerformanceAndItsTruth() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["simulate", "--bpm", "97", "--meter", "7/8", "--bars", "8", "--seed", "7", "--count-in", "1", "--mean-ms", "4",
             "--spread-ms=5", "--drift", "0", "--miss", "0", "--sample-rate", "44100", "--out", "sim.mid", "--truth", "truth.jsonl"],
            in: directory)
        #expect(result == Result(
            exitCode: 0,
            stdout: "wrote sim.mid: 168 notes, 8 bars of 7/8 at 97 BPM (1237113 µs per quarter), intended offsets mean +2.953 ms, "
                + "sd 6.078 ms; truth in truth.jsonl\n"
                // Beat 4 of 7 rushed by 9 ms: the average bias is -9/7 ms.
                + "habits: overall +2.7 ms, beats 1, 2, 3, 5, 6, 7 +1.3 ms, beat 4 -7.7 ms from the average, drift 0.0 ms/min,"
                + " straight 8ths, spread ±5.0 ms\n",
            stderr: ""))

        let spec = TimelineSpec(sampleRate: 44_100, tempo: Tempo(milliBPM: 97_000), meter: Meter(beats: 7, noteValue: 8), countInBars: 1)
        let player = SimulatedPlayer(seed: 7, meanOffsetMs: 4, spreadMs: 5, driftMsPerMinute: 0, missProbability: 0)
        let expected = SimulatedPerformance(timeline: try Timeline(spec: spec), player: player, bars: 8)
        let bytes = try Data(contentsOf: directory.appendingPathComponent("sim.mid"))
        #expect([UInt8](bytes) == expected.file.encoded())
        let truth = try String(contentsOf: directory.appendingPathComponent("truth.jsonl"), encoding: .utf8)
        #expect(truth == expected.truthLines)

        // 8 bars × 7 eighth beats × (2 hi-hats + kick or snare), none missed.
        #expect(expected.notes.count + expected.notesBeforeBarOne == 168)
        let read = try MIDIFile.read([UInt8](bytes)).file
        #expect(read.noteOns.map(\.tick) == expected.notes.map(\.tick))
        // An eighth at 97 eighths a minute is 480 ticks; bar 2 starts at tick 3360.
        let snares = read.noteOns.filter { $0.note == SimulatedPlayer.snare }
        #expect(snares.count == 8 * 3)
        for (snare, truthNote) in zip(snares, expected.notes.filter { $0.played.note == SimulatedPlayer.snare }) {
            let position = truthNote.played.position
            let gridTick = (position.bar - 1) * 3360 + (position.beat - 1) * 480
            #expect(abs(snare.tick - gridTick) <= 24)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["sim.mid", "truth.jsonl"])
    }

    /// Swing and the beats' bias reach the file and are said back.
    @Test func injectsSwingAndBeatBias() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["simulate", "--bars", "4", "--seed", "3", "--mean-ms", "0", "--drift", "0", "--beat-bias", "0,0,6,0", "--swing", "62:38",
             "--out", "swung.mid"],
            in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasSuffix(
            "habits: overall +1.5 ms, beats 1, 2, 4 -1.5 ms, beat 3 +4.5 ms from the average, drift 0.0 ms/min, 8ths swung 62:38,"
                + " spread ±9.0 ms\n"))
        let player = SimulatedPlayer(seed: 3, meanOffsetMs: 0, driftMsPerMinute: 0, beatBiasMs: [0, 0, 6, 0], swing: Swing(long: 62, short: 38))
        let expected = SimulatedPerformance(timeline: try Timeline(spec: TimelineSpec(tempo: Tempo(milliBPM: 120_000))), player: player, bars: 4)
        #expect([UInt8](try Data(contentsOf: directory.appendingPathComponent("swung.mid"))) == expected.file.encoded())
    }

    /// Single positions biased in 16ths reach the file and are said back.
    @Test func injectsPositionBiasIn16ths() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["simulate", "--bars", "4", "--seed", "3", "--mean-ms", "0", "--drift", "0", "--beat-bias", "0", "--subdivision", "4",
             "--position-bias", "3.1:-6", "--position-bias=2.3:5", "--out", "sixteenths.mid"],
            in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasSuffix(
            "habits: overall 0.0 ms, position 3.1 -6.0 ms, position 2.3 +5.0 ms, drift 0.0 ms/min, straight 8ths, 16ths played,"
                + " spread ±9.0 ms\n"))
        let player = SimulatedPlayer(
            seed: 3, meanOffsetMs: 0, driftMsPerMinute: 0, beatBiasMs: [0], subdivision: 4,
            positionBiasMs: [PositionBias(beat: 3, part: 1, ms: -6), PositionBias(beat: 2, part: 3, ms: 5)])
        let expected = SimulatedPerformance(timeline: try Timeline(spec: TimelineSpec(tempo: Tempo(milliBPM: 120_000))), player: player, bars: 4)
        #expect([UInt8](try Data(contentsOf: directory.appendingPathComponent("sixteenths.mid"))) == expected.file.encoded())
    }

    @Test func usageErrors() throws {
        func usage(_ arguments: [String], _ line: String) throws {
            #expect(try TactusBinary.run(["simulate"] + arguments) == Result(exitCode: 2, stdout: "", stderr: "tactus simulate: \(line)\n"))
        }
        try usage([], "--out: missing; give the MIDI file to write")
        try usage(["--out", "a.mid", "--miss", "1.5"], "--miss: expected a number from 0 to 1, got '1.5'")
        try usage(["--out", "a.mid", "--spread-ms", "-1"], "--spread-ms: expected a number from 0 to 1000, got '-1'")
        try usage(["--out", "a.mid", "--drift", "nan"], "--drift: expected a number from -1000 to 1000, got 'nan'")
        try usage(["--out", "a.mid", "--seed", "-3"], "--seed: expected a whole number from 0 to 18446744073709551615, got '-3'")
        try usage(["--out", "a.mid", "--bars", "0"], "--bars: expected a number from 1 to 100000, got '0'")
        try usage(["--out", "a.mid", "--swing", "62:100"], "--swing: expected LONG:SHORT with each 1–99, like 62:38 or 2:1, got '62:100'")
        try usage(["--out", "a.mid", "--beat-bias", "0,x"],
                  "--beat-bias: expected 1 to 32 numbers from -1000 to 1000 separated by commas, like 0,0,0,-9, got '0,x'")
        try usage(["--out", "a.mid", "--position-bias", "3:-6"],
                  "--position-bias: expected BEAT.PART:MS with beat and part from 1 to 32 and ms from -1000 to 1000, like 3.1:-6, got '3:-6'")
        try usage(["--out", "a.mid", "--position-bias", "2.3:5"], "--position-bias: part 3 of beat 2 is not played in 8ths; parts go from 1 to 2")
        try usage(["--out", "a.mid", "--subdivision", "3"], "--subdivision: expected 2 (8ths) or 4 (16ths), got '3'")
        try usage(["--out", "a.mid", "--bpm", "500"], "--bpm: expected a number from 20 to 400, got '500'")
        try usage(["--out", "a.mid", "--meter", "5/6"],
                  "--meter: expected N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8, got '5/6'")
    }

    @Test func anUnwritableFileIsExit1() throws {
        let result = try TactusBinary.run(["simulate", "--out", "/nonexistent-dir/a.mid"])
        #expect(result == Result(exitCode: 1, stdout: "", stderr: "tactus simulate: /nonexistent-dir/a.mid: cannot write: No such file or directory (--out)\n"))
    }
}
