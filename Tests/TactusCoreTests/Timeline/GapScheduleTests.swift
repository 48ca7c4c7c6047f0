import Testing
@testable import TactusCore

@Suite struct GapScheduleTests {
    @Test func barGapsFollowTheTimelinesPattern() {
        let schedule = GapSchedule.bars(GapPattern(playBars: 3, muteBars: 1))
        let muted = (1...9).filter { schedule.isMuted(bar: $0, beat: 2) }
        #expect(muted == [4, 8])
        #expect(schedule.isMuted(bar: 0, beat: 1) == false)
        #expect(schedule.timelineGap == GapPattern(playBars: 3, muteBars: 1))
        #expect(schedule.mutedBeats(bar: 4, beatsPerBar: 4) == [1, 2, 3, 4])
    }

    @Test func randomBeatsAreFixedBySeedBarAndBeat() {
        let schedule = GapSchedule.randomBeats(percent: 25, seed: 7)
        #expect(schedule.timelineGap == nil)
        let bars = (1...4).map { schedule.mutedBeats(bar: $0, beatsPerBar: 4) }
        #expect(bars == [[4], [1, 3], [3, 4], [1]])
        // The same beat asked again, or out of order, gives the same answer.
        #expect((1...4).reversed().map { schedule.mutedBeats(bar: $0, beatsPerBar: 4) }.reversed() == bars)
        var count = 0
        for bar in 1...2500 { count += schedule.mutedBeats(bar: bar, beatsPerBar: 4).count }
        #expect(count == 2_533)  // of 10000 beats: about a quarter
        #expect(GapSchedule.randomBeats(percent: 25, seed: 8).mutedBeats(bar: 1, beatsPerBar: 16) != schedule.mutedBeats(bar: 1, beatsPerBar: 16))
    }

    @Test func noneAndAllAndCountIn() {
        let none = GapSchedule.randomBeats(percent: 0, seed: 1)
        let all = GapSchedule.randomBeats(percent: 100, seed: 1)
        for bar in 1...200 {
            #expect(none.mutedBeats(bar: bar, beatsPerBar: 7).isEmpty)
            #expect(all.mutedBeats(bar: bar, beatsPerBar: 7) == Array(1...7))
        }
        #expect(all.isMuted(bar: 0, beat: 1) == false)
        #expect(all.isMuted(bar: -3, beat: 2) == false)
    }

    @Test func validation() {
        #expect(throws: SettingError(field: "gap.percent", message: "120.0 is not a percentage from 0 to 100")) {
            try GapSchedule.randomBeats(percent: 120, seed: 1).validate()
        }
        #expect(throws: SettingError(field: "gap.play", message: "0 bars is outside 1–1000")) {
            try GapSchedule.bars(GapPattern(playBars: 0, muteBars: 2)).validate()
        }
    }
}

@Suite struct GapScheduleThresholdTests {
    /// The integer test the engine evaluates is the fraction test exactly:
    /// draw < ⌈p × 2⁵³⌉ ⇔ draw / 2⁵³ < p.
    @Test func theThresholdTestIsTheFractionTest() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let percent = Double(random.next() % 10_001) / 100
            let seed = random.next()
            let threshold = GapSchedule.muteThreshold(percent: percent)
            for bar in 1...5 {
                for beat in 1...4 {
                    let draw = GapSchedule.randomDraw(seed: seed, bar: bar, beat: beat)
                    let fraction = Double(draw) / Double(UInt64(1) << 53) < percent / 100
                    #expect(GapSchedule.isRandomlyMuted(seed: seed, threshold: threshold, bar: bar, beat: beat) == fraction)
                }
            }
        }
        #expect(GapSchedule.muteThreshold(percent: 0) == 0)
        #expect(GapSchedule.muteThreshold(percent: 100) == 1 << 53)
        #expect(GapSchedule.muteThreshold(percent: 50) == 1 << 52)
        #expect(GapSchedule.muteThreshold(percent: .nan) == 0)
    }
}
