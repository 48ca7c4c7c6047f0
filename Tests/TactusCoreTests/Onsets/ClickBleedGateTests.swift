import Testing
@testable import TactusCore

/// 120 BPM in 4/4 at 48 kHz with a bar of count-in: clicks every 24 000
/// frames from frame 0, bar 1 at 96 000.
@Suite struct ClickBleedGateTests {
    static func grid(countIn: Int = 1) throws -> Timeline {
        try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: countIn))
    }

    static func stroke(_ frame: Int64, _ levelDb: Double) -> DetectedStroke {
        DetectedStroke(frame: frame, levelDb: levelDb)
    }

    /// The count-in's clicks come back 600 frames (12.5 ms) after each click,
    /// the accent 3 dB louder.
    static let countIn = [stroke(600, -27), stroke(24_600, -30), stroke(48_601, -30), stroke(72_599, -30)]

    @Test func theClickIsLearnedInTheCountInAndLeftOutFromBarOne() throws {
        let grid = try Self.grid()
        var gate = ClickBleedGate(sampleRate: 48_000)
        #expect(gate.played(Self.countIn, grid: grid) == Self.countIn)
        #expect(gate.bleed == nil)
        #expect(!gate.isLearned)
        let take = [
            Self.stroke(96_600, -27),       // bar 1's accent coming back
            Self.stroke(120_600, -10),      // a stroke played with the click: louder than -27 + 6
            Self.stroke(144_624, -31),      // the click, 24 frames (0.5 ms) late
            Self.stroke(147_000, -40),      // a soft stroke between clicks
            Self.stroke(168_625, -30),      // 25 frames late: not the click
            Self.stroke(192_600, -21),      // at the click's delay, exactly 6 dB louder: still the click
            Self.stroke(216_600, -20.9),    // louder than that: played
        ]
        #expect(gate.played(take, grid: grid).map(\.frame) == [120_600, 147_000, 168_625, 216_600])
        #expect(gate.isLearned)
        #expect(gate.bleed == ClickBleedGate.Bleed(delayFrames: 600, levelDb: -27))
        #expect(gate.clickCount == 3)
        #expect(gate.learnedText
            == "the click comes back in the audio input 12.5 ms after each click, at up to -27.0 dBFS: strokes that match it are not scored")
    }

    /// A player who counts in on the hi-hat wanders by milliseconds: no click
    /// is learned, and every stroke is played, even one at 600 frames.
    @Test func aPlayerCountingInIsNotTheClick() throws {
        let grid = try Self.grid()
        var gate = ClickBleedGate(sampleRate: 48_000)
        let countIn = [Self.stroke(300, -20), Self.stroke(24_700, -22), Self.stroke(48_250, -21), Self.stroke(72_900, -20)]
        #expect(gate.played(countIn, grid: grid) == countIn)
        let take = [Self.stroke(96_600, -27), Self.stroke(120_600, -30)]
        #expect(gate.played(take, grid: grid) == take)
        #expect(gate.isLearned)
        #expect(gate.bleed == nil)
        #expect(gate.clickCount == 0)
        #expect(gate.learnedText == "no click heard back in the audio input's count-in: every stroke is scored")
    }

    /// Two clicks of four coming back is not enough: at least three.
    @Test func twoClicksAreTooFewToLearnFrom() throws {
        let grid = try Self.grid()
        var gate = ClickBleedGate(sampleRate: 48_000)
        _ = gate.played([Self.stroke(600, -27), Self.stroke(24_600, -30)], grid: grid)
        #expect(gate.played([Self.stroke(96_600, -27)], grid: grid).count == 1)
        #expect(gate.bleed == nil)
    }

    @Test func withoutACountInEveryStrokeIsPlayed() throws {
        let grid = try Self.grid(countIn: 0)
        var gate = ClickBleedGate(sampleRate: 48_000)
        let take = Self.countIn
        #expect(gate.played(take, grid: grid) == take)
        #expect(gate.bleed == nil)
        #expect(gate.clickCount == 0)
    }
}
