import Testing
@testable import TactusCore

@Suite struct TapAlongTests {
    /// 100 BPM 4/4 at 48 kHz from frame 1000, one bar of count-in: beats
    /// 28 800 frames apart, bar 1 at 116 200.
    static func timeline() throws -> Timeline {
        try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 100), countInBars: 1), startFrame: 1_000)
    }

    @Test func tapsTwoMillisecondsLateGiveTwoMilliseconds() throws {
        let timeline = try Self.timeline()
        #expect(timeline.originFrame == 116_200)
        var along = TapAlong(timeline: timeline, tapCount: 32)
        for beat in 0..<32 {
            let outcome = along.tap(at: 116_200 + Int64(beat) * 28_800 + 96)
            #expect(outcome == .counted(count: beat + 1, offsetMs: 2))
        }
        #expect(along.isComplete)
        #expect(along.tap(at: 116_200 + 32 * 28_800) == .complete)
        let result = try TapCalibration(tapCount: 32).measure(offsetsMs: along.offsetsMs)
        #expect(result.latencyMs == 2)
        #expect(result.sdMs == 0)
        #expect(result.quality == .good)
    }

    @Test func countInTapsAndSecondTapsOnABeatAreNotCounted() throws {
        var along = TapAlong(timeline: try Self.timeline(), tapCount: 4)
        #expect(along.tap(at: 1_000 + 28_800 * 3) == .countIn)
        // 14 399 frames early is still nearest to bar 1 beat 1.
        #expect(along.tap(at: 116_200 - 14_399) == .counted(count: 1, offsetMs: -299.979_166_666_666_7))
        #expect(along.tap(at: 116_200 + 480) == .sameBeat)
        #expect(along.tap(at: 116_200 + 28_800 - 48) == .counted(count: 2, offsetMs: -1))
        #expect(along.offsetsMs == [-299.979_166_666_666_7, -1])
    }

    @Test func portLatenciesAreTakenOut() throws {
        // Click heard 240 frames late, hits stamped 144 frames late: a tap
        // stamped 384 frames after the grid beat was played on time.
        let latency = LatencyCompensation(clickOutputFrames: 240, inputCaptureFrames: 144)
        var along = TapAlong(timeline: try Self.timeline(), latency: latency, tapCount: 2)
        #expect(along.tap(at: 116_200 + 384) == .counted(count: 1, offsetMs: 0))
        #expect(along.tap(at: 116_200 + 28_800 + 384 + 48) == .counted(count: 2, offsetMs: 1))
    }

    @Test func onlyNoteOnsAreTaps() throws {
        var along = TapAlong(timeline: try Self.timeline(), tapCount: 2)
        let on = MIDIShortMessage.channelVoice(.noteOn(channel: 9, note: 38, velocity: 100))
        #expect(along.take(.channelVoice(.noteOff(channel: 9, note: 38, velocity: 0)), at: 116_200 + 96) == nil)
        #expect(along.take(.channelVoice(.controlChange(channel: 9, controller: 4, value: 90)), at: 116_200 + 96) == nil)
        #expect(along.take(.realtime(.clock), at: 116_200 + 96) == nil)
        #expect(along.take(nil, at: 116_200 + 96) == nil)
        #expect(along.take(on, at: 116_200 + 96) == .counted(count: 1, offsetMs: 2))
        #expect(along.offsetsMs == [2])
    }

    @Test func tappingIsOverWhenAllTapsAreInOrTheDeadlineHasPassed() throws {
        // 4 beats fill bar 1; the deadline is the downbeat of bar 4, 116 200 + 3 bars.
        let deadline: Int64 = 116_200 + 3 * 4 * 28_800
        var along = TapAlong(timeline: try Self.timeline(), tapCount: 4)
        #expect(!along.isOver(processedThrough: nil))
        #expect(!along.isOver(processedThrough: deadline - 1))
        #expect(along.isOver(processedThrough: deadline))
        for beat: Int64 in 0..<4 { _ = along.tap(at: 116_200 + beat * 28_800) }
        #expect(along.isOver(processedThrough: nil))
    }

    @Test func theDeadlineIsTwoBarsAfterTheLastBeat() throws {
        let timeline = try Self.timeline()
        // 32 beats fill bars 1–8; the deadline is the downbeat of bar 11.
        #expect(TapAlong(timeline: timeline, tapCount: 32).deadlineFrame == 116_200 + 10 * 4 * 28_800)
        #expect(TapAlong(timeline: timeline, tapCount: 13).deadlineFrame == 116_200 + 6 * 4 * 28_800)
    }
}
