import Testing

/// The cycle watch of the test clients, fed frame times as JACK gives them
/// (64-frame periods).
@Suite struct JackCycleWatchTests {
    static func watch(_ starts: [Int64]) -> (gaps: Int, readAheadGaps: Int, repeated: [Int64]) {
        var watch = JackCycleWatch()
        var repeated: [Int64] = []
        for start in starts where watch.begin(start: start, frames: 64) {
            repeated.append(start)
        }
        return (watch.gaps.load(ordering: .relaxed), watch.readAheadGaps.load(ordering: .relaxed), repeated)
    }

    @Test func aFrameTimeReadAPeriodAheadIsKnownByTheRepeatAfterIt() {
        let seen = Self.watch([0, 64, 192, 192, 256])
        #expect(seen.gaps == 2)
        #expect(seen.readAheadGaps == 2)
        #expect(seen.repeated == [192])
    }

    @Test func aSkippedCycleIsOneGapAndNoReadAhead() {
        let seen = Self.watch([0, 64, 192, 256, 384, 448])
        #expect(seen.gaps == 2)
        #expect(seen.readAheadGaps == 0)
        #expect(seen.repeated.isEmpty)
    }

    /// Two cycles skipped and the next read ahead: one gap is real.
    @Test func aReadAheadAfterSkippedCyclesLeavesTheirGap() {
        let seen = Self.watch([0, 64, 320, 320, 384])
        #expect(seen.gaps == 2)
        #expect(seen.readAheadGaps == 1)
        #expect(seen.repeated == [320])
    }
}
