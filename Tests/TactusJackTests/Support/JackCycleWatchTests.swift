import Testing

/// The cycle watch of the test clients, fed frame times as JACK gives them
/// (64-frame periods).
@Suite struct JackCycleWatchTests {
    static func steps(_ starts: [Int64]) -> (gaps: Int, steps: [JackCycleWatch.Step]) {
        var watch = JackCycleWatch()
        let steps = starts.map { watch.begin(start: $0, frames: 64) }
        return (watch.gaps.load(ordering: .relaxed), steps)
    }

    @Test func frameTimesReadAPeriodAheadAreKnownByTheRepeatAfterThem() {
        let seen = Self.steps([0, 64, 192, 256, 256, 320])
        #expect(seen.steps == [.inStep, .inStep, .jumped, .inStep, .repeated, .inStep])
        #expect(seen.gaps == 2)
    }

    @Test func aSkippedCycleIsAJumpAndAGap() {
        let seen = Self.steps([0, 64, 192, 256, 384, 448])
        #expect(seen.steps == [.inStep, .inStep, .jumped, .inStep, .jumped, .inStep])
        #expect(seen.gaps == 2)
    }
}
