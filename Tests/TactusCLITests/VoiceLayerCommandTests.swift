import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `--voice-layer` in `tactus analyze`: the feet keep four (a kick on every
/// beat) while the hands play three over the bar (the snare, 640 ticks
/// apart at 480 ticks a quarter, the 2nd note of the 3 12 ticks late, every
/// note moved by a jitter of ±2 ticks). A tick is 50 frames at 120 BPM.
@Suite struct VoiceLayerCommandTests {
    static let jitter = [0, 2, -1, 1, -2, 0, 1, -1, 2, -2, 0, 1, -1]

    static func take() -> MIDIFile {
        var notes: [MIDIFileNote] = []
        for bar in 0..<16 {
            for beat in 0..<4 {
                notes.append(MIDIFileNote(tick: 1920 * bar + 480 * beat + jitter[(bar * 4 + beat) % 13], duration: 60, channel: 9, note: 36, velocity: 100))
            }
            for note in 0..<3 {
                let tick = 1920 * bar + 640 * note + (note == 1 ? 12 : 0) + jitter[(bar * 3 + note + 5) % 13]
                notes.append(MIDIFileNote(tick: tick, duration: 60, channel: 9, note: 38, velocity: 100))
            }
        }
        return MIDIFile.take120(notes)
    }

    @Test func theHandsAreScoredOnTheirThreeAndTheFeetOnTheFour() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take().encoded()).write(to: directory.appendingPathComponent("three.mid"))
        let options = ["analyze", "three.mid", "--poly", "3:4", "--voice-layer", "snare=2"]
        let result = try TactusBinary.run(options + ["--json"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "three.mid")
        // The feet: 64 kicks on the beats of the four, each off by its jitter.
        #expect(report.hits.map(\.note) == Array(repeating: 36, count: 64))
        let beats: [GridPosition] = (1...16).flatMap { bar in (1...4).map { GridPosition(bar: bar, beat: $0) } }
        #expect(report.hits.map(\.position) == beats)
        let feetOffsets: [Int64] = (0..<64).map { Int64(Self.jitter[$0 % 13] * 50) }
        #expect(report.hits.map { $0.frame - $0.gridFrame } == feetOffsets)
        #expect(report.summary.misses == 0)
        #expect(report.ensemble == nil)
        // The hands: 48 snares on the notes of the 3, 32 000 frames apart.
        let hands = try #require(report.players?.first)
        #expect(report.players?.count == 1)
        #expect(hands.name == "snare" && hands.layer == 2 && hands.voices == ["snare"] && hands.port == "layer 2")
        let notes: [GridPosition] = (1...16).flatMap { bar in (1...3).map { GridPosition(bar: bar, beat: $0) } }
        let noteFrames: [Int64] = (0..<16).flatMap { bar in (0..<3).map { Int64(bar) * 96_000 + Int64($0) * 32_000 } }
        #expect(hands.hits.map(\.position) == notes)
        #expect(hands.hits.map(\.gridFrame) == noteFrames)
        #expect(hands.summary.misses == 0)
        // The 2nd note of the 3 is 12 ticks (12.5 ms) behind the others: 8.3 ms behind the hands' average.
        #expect(hands.findings.filter { $0.kind == .beat }.map(\.beat) == [1, 2, 3])
        let late = try #require(hands.findings.first { $0.kind == .beat && $0.beat == 2 })
        #expect(late.direction == .late)
        #expect(late.ci95[0] <= 8.333 && 8.333 <= late.ci95[1], "\(late)")
        #expect(late.text.hasPrefix("the 2nd note of the 3 drags: "))

        let summary = try TactusBinary.run(options, in: directory)
        #expect(summary.stdout.contains("\nadvice for the main click (kick)\nno tendency stands out"))
        #expect(summary.stdout.contains("\nadvice for snare (snare against layer 2)\nyou drag: 4.2 ms behind the click on average"))
        #expect(summary.stdout.contains("\nthe 2nd note of the 3 drags: "))
    }

    @Test func aPartMustBeAVoiceOnALayerThatIsThere() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data(Self.take().encoded()).write(to: directory.appendingPathComponent("three.mid"))
        func error(_ options: [String]) throws -> (Int32, String) {
            let result = try TactusBinary.run(["analyze", "three.mid"] + options, in: directory)
            return (result.exitCode, result.stderr)
        }
        #expect(try error(["--voice-layer", "snare=2"])
            == (2, "tactus analyze: --voice-layer: layer 2 is not there: add it with --poly N:M (the first is layer 2)\n"))
        #expect(try error(["--poly", "3:4", "--voice-layer", "snare=3"])
            == (2, "tactus analyze: --voice-layer: layer 3 is not there: --poly gives layers 2 to 2\n"))
        #expect(try error(["--poly", "3:4", "--voice-layer", "cowbell=2"]) == (2,
            "tactus analyze: --voice-layer: 'cowbell' is no voice of the drum map general-midi (hands, feet, kick, snare, hi-hat, ride, crash, tom-high, tom-mid, tom-floor)\n"))
        #expect(try error(["--poly", "3:4", "--voice-layer", "hands=2", "--voice-layer", "snare=2"])
            == (2, "tactus analyze: --voice-layer: the snare is already in another part\n"))
        #expect(try error(["--poly", "3:4", "--voice-layer", "snare"])
            == (2, "tactus analyze: --voice-layer: expected VOICE=K with K from 2 to 5, like hands=2 or snare=2, got 'snare'\n"))
    }
}
