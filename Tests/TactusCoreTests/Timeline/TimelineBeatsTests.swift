import Testing
@testable import TactusCore

/// A grid through beats given at frames: each beat where it was given, the
/// parts of a beat evenly between it and the next.
struct TimelineBeatsTests {
    @Test func eachBeatLandsOnItsFrameAndItsPartsBetween() throws {
        // 120 BPM, then a beat of 24 000.5 frames, then 24 001.
        let timeline = try Timeline.throughBeats(
            [1000, 25_000, 49_000.5, 73_001.5], firstBar: 1, meter: .fourFour, subdivision: 2, sampleRate: 48_000)
        #expect(timeline.originFrame == 1000)
        #expect((1...4).map { timeline.frame(of: GridPosition(bar: 1, beat: $0, subdivision: 1), subdivision: 2, swing: nil) }
            == [1000, 25_000, 49_001, 73_002])
        // The & of beat 1: 1000 + 12 000; of beat 2: 25 000 + 12 000.25, rounded.
        #expect(timeline.frame(of: GridPosition(bar: 1, beat: 1, subdivision: 2), subdivision: 2, swing: nil) == 13_000)
        #expect(timeline.frame(of: GridPosition(bar: 1, beat: 2, subdivision: 2), subdivision: 2, swing: nil) == 37_000)
        // The last beat's tempo runs on: bar 2 is 24 001 frames after beat 4, at 97 002.5.
        #expect(timeline.frame(ofBar: 2) == 97_003)
        #expect(timeline.nearest(to: 49_100, subdivision: 2, swing: nil).position == GridPosition(bar: 1, beat: 3, subdivision: 1))
    }

    @Test func aPickupIsBarZero() throws {
        let timeline = try Timeline.throughBeats(
            [0, 24_000, 48_000, 72_000], firstBar: 0, firstBeat: 3, meter: .fourFour, sampleRate: 48_000)
        #expect(timeline.originFrame == 48_000)
        #expect(timeline.frame(of: GridPosition(bar: 0, beat: 4, subdivision: 1), subdivision: 1, swing: nil) == 24_000)
        #expect(timeline.nearest(to: 100, subdivision: 1, swing: nil).position == GridPosition(bar: 0, beat: 3, subdivision: 1))
    }

    @Test func beatsOutOfOrderOrTooFewAreRefused() {
        #expect(throws: SettingError(field: "beats", message: "beat 2 is not after the one before it")) {
            try Timeline.throughBeats([100, 100, 200], firstBar: 1, meter: .fourFour, sampleRate: 48_000)
        }
        #expect(throws: SettingError(field: "beats", message: "a grid through beats needs at least two beats, got 1")) {
            try Timeline.throughBeats([100], firstBar: 1, meter: .fourFour, sampleRate: 48_000)
        }
    }
}
