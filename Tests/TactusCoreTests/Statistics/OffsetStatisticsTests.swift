import Testing
@testable import TactusCore
import TactusTestSupport

@Suite struct OffsetStatisticsTests {
    @Test func welfordGivesMeanAndSampleDeviation() throws {
        var moments = RunningMoments()
        for value in [-1.0, 0, 2, 10] { moments.add(value) }
        #expect(moments.mean == 2.75)
        // Squared deviations 14.0625 + 7.5625 + 0.5625 + 52.5625 = 74.75, over n - 1 = 3.
        let sd = try #require(moments.sampleStandardDeviation)
        #expect(abs(sd - (74.75 / 3).squareRoot()) < 1e-12)
    }

    @Test func tooFewValuesHaveNoSpread() {
        var moments = RunningMoments()
        #expect(moments.mean == nil)
        moments.add(4)
        #expect(moments.mean == 4)
        #expect(moments.sampleStandardDeviation == nil)
    }

    @Test func medianAndNearestRankPercentile() {
        #expect(OrderStatistics.median([3, 1, 2]) == 2)
        #expect(OrderStatistics.median([10, -1, 2, 0]) == 1)
        #expect(OrderStatistics.median([]) == nil)
        let twenty = (1...20).map(Double.init)
        #expect(OrderStatistics.nearestRank(95, of: twenty) == 19)
        #expect(OrderStatistics.nearestRank(95, of: [1, 0, 2, 10]) == 10)
        #expect(OrderStatistics.nearestRank(95, of: (1...100).map(Double.init)) == 95)
        #expect(OrderStatistics.nearestRank(95, of: (1...101).map(Double.init)) == 96)
        #expect(OrderStatistics.nearestRank(95, of: [7]) == 7)
    }

    @Test func driftOfALinearRampIsItsSlope() throws {
        // Beat k is k × 0.5 ms late; beats are 0.5 s apart, so 120 beats a minute: +60 ms/min.
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings())
        _ = scorer.scoreSnare(at: frames(from: 0, every: 24_024, count: 16))
        let drift = try #require(scorer.statistics.summary.driftMsPerMinute)
        #expect(abs(drift - 60) < 1e-9)
    }

    @Test func alternatingOffsetsAreNegativelyCorrelated() throws {
        var statistics = OffsetStatistics()
        for (index, offset) in [1.0, -1, 1, -1].enumerated() {
            statistics.addMatched(offsetMs: offset, grade: .perfect, position: GridPosition(bar: 1, beat: index + 1), gridTimeS: Double(index) / 2)
        }
        // Σ x_i x_{i+1} = -3 over Σ x² = 4.
        #expect(statistics.lag1Autocorrelation == -0.75)
        // IOI deviations -2, +2, -2: mean -2/3, squared deviations 96/9 over 2.
        let ioi = try #require(statistics.ioiSdMs)
        #expect(abs(ioi - (48.0 / 9).squareRoot()) < 1e-12)
        #expect(statistics.driftMsPerMinute.map { abs($0 - -48) < 1e-9 } == true)
    }

    @Test func lagOneOfAShiftedSeriesIsUnchanged() throws {
        var plain = RunningAutocorrelation()
        var shifted = RunningAutocorrelation()
        for value in [3.0, 1, 4, 1, 5, 9, 2, 6] {
            plain.add(value)
            shifted.add(value + 1000)
        }
        // Mean 3.875; Σ(x_i - m)(x_{i+1} - m) = -12.234375 … computed by hand below.
        let values = [3.0, 1, 4, 1, 5, 9, 2, 6]
        let mean = values.reduce(0, +) / 8
        let numerator = zip(values, values.dropFirst()).map { ($0 - mean) * ($1 - mean) }.reduce(0, +)
        let denominator = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
        let lag1 = try #require(plain.lag1)
        #expect(abs(lag1 - numerator / denominator) < 1e-12)
        #expect(abs(try #require(shifted.lag1) - lag1) < 1e-9)
    }

    @Test func simultaneousHitsAddNoInterOnsetInterval() {
        var statistics = OffsetStatistics()
        let one = GridPosition(bar: 1, beat: 1)
        statistics.addMatched(offsetMs: 1, grade: .perfect, position: one, gridTimeS: 0)
        statistics.addMatched(offsetMs: 3, grade: .perfect, position: one, gridTimeS: 0)
        statistics.addMatched(offsetMs: 2, grade: .perfect, position: GridPosition(bar: 1, beat: 2), gridTimeS: 0.5)
        statistics.addMatched(offsetMs: 6, grade: .perfect, position: GridPosition(bar: 1, beat: 3), gridTimeS: 1)
        #expect(statistics.interOnsetDeviations.count == 2)
        #expect(statistics.interOnsetDeviations.mean == 1.5)
    }

    @Test func histogramBinsAreHalfOpenButHoldPlusFifty() {
        var histogram = OffsetHistogram()
        for offset in [-50.0, -45.0000001, -45, 0, -0.001, 49.999, 50, 50.001, -50.001] { histogram.add(offset) }
        var expected = Array(repeating: 0, count: 20)
        expected[0] = 2
        expected[1] = 1
        expected[9] = 1
        expected[10] = 1
        expected[19] = 2
        #expect(histogram.counts == expected)
        #expect((histogram.under, histogram.over) == (1, 1))
        #expect(OffsetHistogram.lowerMs(ofBin: 19) == 45)
    }

    @Test func scoreWeighsGradesMissesAndExtras() throws {
        #expect(TimingSummary.score(perfect: 2, good: 1, ok: 1, misses: 1, extras: 1) == 52.5)
        #expect(TimingSummary.score(perfect: 8, good: 0, ok: 0, misses: 0, extras: 0) == 100)
        #expect(TimingSummary.score(perfect: 0, good: 4, ok: 0, misses: 0, extras: 0) == 75)
        #expect(TimingSummary.score(perfect: 0, good: 0, ok: 0, misses: 0, extras: 0) == 0)

        // The same through the scorer: +2, +20, -40 and +5 ms, one extra (+60 ms), beat 4 missed;
        // the session ends on bar 2 beat 2, which is not yet due.
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings())
        _ = scorer.scoreSnare(at: [96, 24_000 + 960, 48_000 - 1920, 96_000 + 240, 120_000 + 2880])
        _ = scorer.finish(at: 120_000)
        let summary = scorer.statistics.summary
        #expect((summary.perfect, summary.good, summary.ok, summary.extras, summary.misses) == (2, 1, 1, 1, 1))
        #expect(summary.score == 52.5)
        #expect(summary.percentInWindow == 60)
        #expect(summary.meanOffsetMs == -3.25)
        #expect(summary.meanAbsOffsetMs == 16.75)
        #expect(summary.medianOffsetMs == 3.5)
        #expect(summary.p95AbsOffsetMs == 40)
        #expect(summary.durationS == 2.5)
    }

    @Test func groupsSplitByBeatSubdivisionAndNote() throws {
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(subdivision: 2))
        _ = scorer.score(InputHit(frame: 48, note: 36, velocity: 100, channel: 10))
        _ = scorer.score(InputHit(frame: 12_000 - 96, note: 42, velocity: 100, channel: 10))
        _ = scorer.score(InputHit(frame: 24_000 + 144, note: 42, velocity: 100, channel: 10))
        _ = scorer.finish(at: 48_000)
        let statistics = scorer.statistics
        #expect(statistics.byBeat == [
            BeatSummary(key: 1, hits: 2, matched: 2, extras: 0, misses: 0, meanOffsetMs: -0.5, sdOffsetMs: 4.5.squareRoot(), meanAbsOffsetMs: 1.5),
            BeatSummary(key: 2, hits: 1, matched: 1, extras: 0, misses: 1, meanOffsetMs: 3, sdOffsetMs: nil, meanAbsOffsetMs: 3),
        ])
        #expect(statistics.bySubdivision.map(\.matched) == [2, 1])
        #expect(statistics.bySubdivision.map(\.misses) == [0, 1])
        #expect(statistics.byNote.map(\.key) == [36, 42])
        #expect(statistics.byNote.map(\.misses) == [nil, nil])
        #expect(statistics.byNote.map(\.meanOffsetMs) == [1, 0.5])
    }
}
