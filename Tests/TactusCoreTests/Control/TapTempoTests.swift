import Testing
@testable import TactusCore

@Suite struct TapTempoTests {
    /// Taps the frames in order and returns every reading.
    static func readings(_ frames: [Int64], _ tapper: inout TapTempo) -> [TapReading] {
        frames.map { tapper.tap(at: $0) }
    }

    @Test func steadyTapsGiveTheExactTempoAndCount() {
        var tapper = TapTempo(sampleRate: 48_000)
        let readings = Self.readings([1_000, 25_000, 49_000, 73_000, 97_000], &tapper)
        #expect(readings.map(\.outcome) == [.started, .accepted, .accepted, .accepted, .accepted])
        #expect(readings.map(\.taps) == [1, 2, 3, 4, 5])
        #expect(readings.map(\.tempo) == [nil, Tempo(bpm: 120), Tempo(bpm: 120), Tempo(bpm: 120), Tempo(bpm: 120)])
        #expect(readings.map(\.description) == ["tap 1/4", "tap 2/4 · 120 BPM", "tap 3/4 · 120 BPM", "tap 4 · 120 BPM", "tap 5 · 120 BPM"])
        #expect(readings.allSatisfy { $0.startFrame == nil && !$0.snapped })
    }

    @Test func tempoIsTheFittedSlopeOverTheTaps() {
        var tapper = TapTempo(sampleRate: 48_000)
        // Intervals 24100, 23800, 24100, 24000: slope 239900 / 10 = 23990 frames.
        let readings = Self.readings([0, 24_100, 47_900, 72_000, 96_000], &tapper)
        #expect(readings.last?.tempo == Tempo(milliBPM: 120_050))
        #expect(tapper.medianInterval == 24_050)
        #expect(tapper.fittedInterval == 23_990)
    }

    @Test func onlyTheLastFourIntervalsCount() {
        var tapper = TapTempo(sampleRate: 48_000)
        let readings = Self.readings([0, 25_000, 49_000, 73_000, 97_000, 121_000], &tapper)
        // Over 25000, 24000, 24000, 24000: slope 24200 frames.
        #expect(readings[4].tempo == Tempo(milliBPM: 119_008))
        #expect(readings[5].tempo == Tempo(bpm: 120))
    }

    @Test func aMissedTapIsAnOutlierAndCostsOneInterval() {
        var tapper = TapTempo(sampleRate: 48_000)
        let readings = Self.readings([0, 24_000, 48_000, 96_000, 120_000, 144_000], &tapper)
        #expect(readings.map(\.outcome) == [.started, .accepted, .accepted, .outlier, .accepted, .accepted])
        #expect(readings.map(\.taps) == [1, 2, 3, 3, 4, 5])
        #expect(readings.dropFirst().allSatisfy { $0.tempo == Tempo(bpm: 120) })
    }

    @Test func anExtraTapSplitsOneIntervalIntoTwoOutliers() {
        var tapper = TapTempo(sampleRate: 48_000)
        // 57600 = 24000 × 2.4: an early stray tap in the fourth beat.
        let readings = Self.readings([0, 24_000, 48_000, 72_000, 81_600, 96_000, 120_000], &tapper)
        #expect(readings.map(\.outcome) == [.started, .accepted, .accepted, .accepted, .outlier, .outlier, .accepted])
        #expect(readings.map(\.taps) == [1, 2, 3, 4, 4, 4, 5])
        #expect(readings.last?.tempo == Tempo(bpm: 120))
    }

    @Test func tapsCloserThanOneBeatAt400BPMAreBounces() {
        var tapper = TapTempo(sampleRate: 48_000)
        #expect(tapper.shortestInterval == 7_200)
        let readings = Self.readings([0, 24_000, 24_300, 31_199, 48_000], &tapper)
        #expect(readings.map(\.outcome) == [.started, .accepted, .bounce, .bounce, .accepted])
        #expect(readings.last?.tempo == Tempo(bpm: 120))
        var fast = TapTempo(sampleRate: 48_000)
        #expect(Self.readings([0, 7_200], &fast).last?.tempo == Tempo(bpm: 400))
    }

    @Test func twoAgreeingOutliersMeanANewTempo() {
        var tapper = TapTempo(sampleRate: 48_000)
        let readings = Self.readings([0, 24_000, 48_000, 72_000, 104_000, 136_000, 168_000], &tapper)
        #expect(readings.map(\.outcome) == [.started, .accepted, .accepted, .accepted, .outlier, .tempoChanged, .accepted])
        #expect(readings.map(\.taps) == [1, 2, 3, 4, 4, 3, 4])
        #expect(readings[4].tempo == Tempo(bpm: 120))
        #expect(readings[5].tempo == Tempo(bpm: 90))
        #expect(readings[6].tempo == Tempo(bpm: 90))
    }

    @Test func aLongPauseStartsANewRun() {
        var tapper = TapTempo(sampleRate: 48_000)
        // Before the first interval the pause may be one beat at 20 BPM.
        #expect(tapper.longestInterval == 144_000)
        _ = tapper.tap(at: 0)
        #expect(tapper.timeoutFrames == 144_000)
        #expect(tapper.tap(at: 144_000).tempo == Tempo(bpm: 20))

        var fast = TapTempo(sampleRate: 48_000)
        _ = Self.readings([0, 24_000], &fast)
        // max(2 s, 2.5 × 24000 frames) = 96000 frames.
        #expect(fast.timeoutFrames == 96_000)
        #expect(!fast.hasTimedOut(at: 120_000))
        #expect(fast.hasTimedOut(at: 120_001))
        let restart = fast.tap(at: 120_001)
        #expect(restart == TapReading(outcome: .started, taps: 1, tapsToGo: 4))

        var slow = TapTempo(sampleRate: 48_000)
        _ = Self.readings([0, 120_000], &slow)
        // 2.5 beats of 120000 frames, but never past one beat at 20 BPM.
        #expect(slow.timeoutFrames == 300_000)
        #expect(slow.tap(at: 120_000 + 144_001).outcome == .started)
    }

    @Test func aClockThatJumpsBackStartsANewRun() {
        var tapper = TapTempo(sampleRate: 48_000)
        _ = Self.readings([50_000, 74_000], &tapper)
        #expect(tapper.tap(at: 10_000).outcome == .started)
        #expect(tapper.tapCount == 1)
    }

    @Test func extremeFramesDoNotTrap() {
        var tapper = TapTempo(sampleRate: 48_000, reference: Tempo(milliBPM: Int64.max))
        #expect(tapper.tap(at: Int64.min).outcome == .started)
        #expect(tapper.tap(at: Int64.max).outcome == .started)
        #expect(tapper.tap(at: Int64.max).outcome == .bounce)
    }

    @Test func halfAndDoubleTimeSnapToTheReference() {
        func tempo(interval: Int64, reference: Tempo?) -> TapReading? {
            var tapper = TapTempo(sampleRate: 48_000, reference: reference)
            return Self.readings([0, interval, 2 * interval], &tapper).last
        }
        // 46452 frames = 61.999 BPM: within 8 % of 60, half of 120.
        #expect(tempo(interval: 46_452, reference: Tempo(bpm: 120))?.tempo == Tempo(bpm: 60))
        #expect(tempo(interval: 46_452, reference: Tempo(bpm: 120))?.snapped == true)
        #expect(tempo(interval: 46_452, reference: nil)?.tempo == Tempo(milliBPM: 61_999))
        // 52364 frames = 55.000 BPM: 8.3 % from 60, left alone.
        #expect(tempo(interval: 52_364, reference: Tempo(bpm: 120))?.tempo == Tempo(milliBPM: 55_000))
        #expect(tempo(interval: 52_364, reference: Tempo(bpm: 120))?.snapped == false)
        // 12255 frames = 235.006 BPM: double of 120.
        #expect(tempo(interval: 12_255, reference: Tempo(bpm: 120))?.tempo == Tempo(bpm: 240))
        // Near the reference itself there is nothing to snap.
        #expect(tempo(interval: 24_407, reference: Tempo(bpm: 120))?.tempo == Tempo(milliBPM: 117_999))
        // Double of 205 is past 400 BPM, so 384 (6.3 % from 410) stays.
        #expect(tempo(interval: 7_500, reference: Tempo(bpm: 205))?.tempo == Tempo(bpm: 384))
        #expect(tempo(interval: 7_500, reference: Tempo(bpm: 200))?.tempo == Tempo(bpm: 400))
        var off = TapTempo(sampleRate: 48_000, options: TapTempo.Options(snapTolerance: nil), reference: Tempo(bpm: 120))
        #expect(Self.readings([0, 46_452], &off).last?.tempo == Tempo(milliBPM: 61_999))
    }

    @Test func tapAndGoGivesTheNextBeatOnTheFourthTap() {
        var tapper = TapTempo(sampleRate: 48_000, options: TapTempo.Options(tapAndGo: true))
        let readings = Self.readings([0, 24_100, 47_900, 72_000, 96_000], &tapper)
        // Slope over the four taps: 119900 / 5 = 23980 frames.
        #expect(readings.map(\.startFrame) == [nil, nil, nil, 95_980, nil])
        #expect(readings[3].tempo == Tempo(milliBPM: 120_100))
        #expect(readings[3].description == "tap 4 · 120.1 BPM")
        // A new run goes again.
        #expect(tapper.tap(at: 1_000_000).startFrame == nil)
        let again = Self.readings([1_024_000, 1_048_000, 1_072_000], &tapper)
        #expect(again.map(\.startFrame) == [nil, nil, 1_096_000])
    }

    @Test func tapAndGoWaitsForFourCountedTaps() {
        var tapper = TapTempo(sampleRate: 48_000, options: TapTempo.Options(tapAndGo: true))
        let readings = Self.readings([0, 24_000, 48_000, 96_000, 120_000], &tapper)
        #expect(readings.map(\.startFrame) == [nil, nil, nil, nil, 144_000])
    }

    @Test func seededJitterStudyFavoursTapTempoOverThePlainMean() {
        for jitter in [10.0, 30.0] {
            let result = TapTempoStudy.run(jitterMs: jitter)
            #expect(result.tapTempoErrorBPM <= result.plainMeanErrorBPM)
            // Why the tempo is not the median of the intervals: it is the worst of the three.
            #expect(result.plainMedianErrorBPM > result.plainMeanErrorBPM)
        }
    }

    @Test func theStudyIsReproducible() {
        #expect(TapTempoStudy.run(jitterMs: 10, trials: 50, seed: 9) == TapTempoStudy.run(jitterMs: 10, trials: 50, seed: 9))
        #expect(TapTempoStudy.run(jitterMs: 10, trials: 50, seed: 9) != TapTempoStudy.run(jitterMs: 10, trials: 50, seed: 10))
    }
}
