import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `--drum-map` and the kit's voices in `tactus analyze`: a groove of 16
/// bars at 120 BPM, 480 ticks a quarter (a tick is 50 frames, 1.04 ms):
/// hi-hat 8ths, kick on 1 and 3 12 ticks (12.5 ms) late, snare on 2 and 4,
/// each note moved a little more by a jitter of ±2 ticks.
@Suite struct DrumMapCommandTests {
    static let jitter = [0, 2, -1, 1, -2, 0, 1, -1, 2, -2, 0, 1, -1]

    static func take(kick: Int = 36, snare: Int = 38, hiHat: Int = 42) -> MIDIFile {
        var notes: [MIDIFileNote] = []
        var index = 0
        func play(_ note: Int, at tick: Int) {
            notes.append(MIDIFileNote(tick: tick + jitter[index % jitter.count], duration: 60, channel: 9, note: UInt8(note), velocity: 100))
            index += 1
        }
        for bar in 0..<16 {
            for eighth in 0..<8 {
                let tick = 1920 * bar + 240 * eighth
                play(hiHat, at: tick)
                if eighth % 4 == 0 { play(kick, at: tick + 12) }
                if eighth % 4 == 2 { play(snare, at: tick) }
            }
        }
        return MIDIFile.take120(notes)
    }

    /// Within the beats the kick is 12.5 ms behind the hat and the snare;
    /// weighted by their 32, 64 and 32 hits there, its effect is
    /// 12.5 · 96/128 = 9.375 ms: the kick is named, beats 1 and 3 are not.
    @Test func aLateKickIsNamedByGeneralMIDIsMap() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take().encoded()).write(to: directory.appendingPathComponent("groove.mid"))
        let result = try TactusBinary.run(["analyze", "groove.mid", "--subdivision", "2", "--json"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "groove.mid")
        #expect(report.byVoice.map(\.voice) == ["kick", "snare", "hi-hat"])
        #expect(report.byVoice.map(\.hits) == [32, 32, 128])
        #expect(report.findings.filter { $0.kind == .beat || $0.kind == .position } == [])
        let kick = try #require(report.findings.first { $0.kind == .voice })
        #expect(kick.voice == "kick" && kick.direction == .late && kick.n == 32)
        #expect(kick.ci95[0] <= 9.375 && 9.375 <= kick.ci95[1], "\(kick)")
        #expect(abs(kick.estimate - 9.375) < 1)

        let summary = try TactusBinary.run(["analyze", "groove.mid", "--subdivision", "2"], in: directory)
        #expect(summary.stdout.contains("\nby voice\nvoice   hits  mean ms"))
        #expect(summary.stdout.contains("\nthe kick drags: "))
        let csv = try TactusBinary.run(["analyze", "groove.mid", "--subdivision", "2", "--report", "groove.json"], in: directory)
        #expect(csv.exitCode == 0)
        let rows = try TactusBinary.run(["report", "csv", "groove.json"], in: directory).stdout.split(separator: "\n")
        #expect(rows.dropFirst().prefix(3).map { $0.split(separator: ",").last.map(String.init) } == ["hi-hat", "kick", "hi-hat"])
    }

    /// The same groove on a kit that sends the kick on 35, the snare on 40
    /// and the hat on 22, named by a map file; a note off the map is its own.
    @Test func aMapFileNamesAnotherKitsNotes() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take(kick: 35, snare: 40, hiHat: 22).encoded()).write(to: directory.appendingPathComponent("kit.mid"))
        try Data("""
            {"description": "a test kit", "channel": 10,
             "notes": [{"note": 35, "voice": "kick"}, {"note": 40, "voice": "snare", "articulation": "rim"}]}
            """.utf8).write(to: directory.appendingPathComponent("kit.json"))
        let result = try TactusBinary.run(["analyze", "kit.mid", "--subdivision", "2", "--drum-map", "kit.json", "--json"], in: directory)
        #expect(result.exitCode == 0)
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "kit.mid")
        #expect(report.settings.drumMap.name == "kit")
        #expect(report.byVoice.map(\.voice) == ["kick", "snare", "note 22"])
        #expect(report.findings.first { $0.kind == .voice }?.voice == "kick")
    }

    /// The groove at one velocity, 100, against an exercise that accents
    /// beat 1 (`--accents Xxxx`): the kick's and the hat's accents stand out
    /// by 0 where a dynamic level (16) is asked; the snare plays no accent.
    @Test func accentsTheExerciseAsksForAreHeldToIt() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take().encoded()).write(to: directory.appendingPathComponent("groove.mid"))
        let result = try TactusBinary.run(["analyze", "groove.mid", "--subdivision", "2", "--accents", "Xxxx", "--json"], in: directory)
        #expect(result.exitCode == 0)
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "groove.mid")
        #expect(report.settings.accents == AccentPattern(parsing: "Xxxx"))
        let accents = report.findings.filter { $0.aspect == "accents" }
        #expect(accents.map(\.voice) == ["kick", "hi-hat"])
        #expect(accents.map(\.estimate) == [0, 0])
        #expect(accents.map(\.n) == [16, 16])
        let plain = try TactusBinary.run(["analyze", "groove.mid", "--subdivision", "2", "--json"], in: directory)
        #expect(try PracticeReport.decode(Data(plain.stdout.utf8), file: "groove.mid").findings.filter { $0.aspect == "accents" } == [])
    }

    @Test func aMapThatIsNotThereOrBrokenIsOneLine() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take().encoded()).write(to: directory.appendingPathComponent("groove.mid"))
        let missing = try TactusBinary.run(["analyze", "groove.mid", "--drum-map", "no-such-kit"], in: directory)
        #expect(missing.exitCode == 2)
        #expect(missing.stderr == "tactus analyze: --drum-map: no file 'no-such-kit' and no shipped map of that name (see Configs/drum-maps)\n")
        try Data(#"{"channel": 10, "notes": [{"note": 36, "voice": "kick"}, {"note": 36, "voice": "snare"}]}"#.utf8)
            .write(to: directory.appendingPathComponent("twice.json"))
        let broken = try TactusBinary.run(["analyze", "groove.mid", "--drum-map", "twice.json"], in: directory)
        #expect(broken.exitCode == 4)
        #expect(broken.stderr == "tactus analyze: twice.json: notes[1].note: note 36 is already in notes[0]\n")
        #expect(broken.stdout == "")
    }
}
