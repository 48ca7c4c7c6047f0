import Testing
@testable import TactusCore
import TactusTestSupport

@Suite struct LoopbackClicksTests {
    /// 240 BPM 4/4 at 48 kHz from frame 1000, no count-in: a click every
    /// 12 000 frames, bar 2 at 49 000.
    static func timeline() throws -> Timeline {
        try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 240)), startFrame: 1_000)
    }

    @Test func theFirstClicksGoOutAndEchoesArePairedUpToHalfTheirSpacingLater() throws {
        // More clicks than the first bar holds, and fewer.
        let clicks = LoopbackClicks(count: 6, of: try Self.timeline())
        #expect(clicks.sent == [1_000, 13_000, 25_000, 37_000, 49_000, 61_000])
        #expect(clicks.calibration.maxDelayFrames == 6_000)
        #expect(clicks.lastFrame == 67_000)
        #expect(LoopbackClicks(count: 3, of: try Self.timeline()).sent == [1_000, 13_000, 25_000])
    }

    @Test func onsetsOutsideTheSpanAreLeftOutAndTheSpanEndsAfterTheLastEcho() throws {
        var clicks = LoopbackClicks(count: 4, of: try Self.timeline())
        #expect(clicks.lastFrame == 37_000 + 6_000)
        clicks.hear([999, 1_333, 13_333])
        #expect(!clicks.isComplete(cycleStart: nil))
        #expect(!clicks.isComplete(cycleStart: 43_000))
        clicks.hear([25_333, 37_333, 43_000, 43_001])
        #expect(clicks.isComplete(cycleStart: 43_001))
        #expect(clicks.detected == [1_333, 13_333, 25_333, 37_333, 43_000])
        let result = try clicks.measure()
        #expect(result.delays == [333, 333, 333, 333])
        #expect(result.extraOnsets == 1)
    }
}
