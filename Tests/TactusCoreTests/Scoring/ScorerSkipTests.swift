import Testing
@testable import TactusCore
import TactusTestSupport

/// `Scorer.skip(to:playedUntil:)`: what a server that went away and came back
/// leaves in the scoring. The grid is 120 BPM 4/4 at 48 kHz: 24 000 frames a
/// beat, 96 000 a bar; the ok window is 50 ms (2 400 frames).
@Suite struct ScorerSkipTests {
    func scorer(_ settings: ScoringSettings = ScoringSettings(), grid: ConstantTempoGrid = ConstantTempoGrid()) throws -> Scorer<ConstantTempoGrid> {
        try Scorer(grid: grid, settings: settings)
    }

    @Test func theRestOfTheBarIsNeitherPlayedNorMissed() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0, 24_000])
        // The server goes away at 60 000: beat 3 (48 000) had its chance, beat 4 did not.
        #expect(scorer.advance(to: 60_000).misses.map(\.position) == [GridPosition(bar: 1, beat: 3)])
        let skipped = scorer.skip(to: GridPosition(bar: 2, beat: 1), playedUntil: 60_000)
        #expect(skipped.misses == [])
        #expect(skipped.completedBars == [CompletedBar(
            frames: 60_000,
            summary: BarSummary(bar: 1, hits: 2, matched: 2, misses: 1, meanOffsetMs: 0, sdOffsetMs: 0, meanAbsOffsetMs: 0, muted: false))])
        // It comes back with bar 2 at frame 1 000 000 of another clock.
        scorer.grid.originFrame = 1_000_000 - 96_000
        let hits = scorer.scoreSnare(at: [1_000_000 + 48])
        #expect(hits.map(\.position) == [GridPosition(bar: 2, beat: 1)])
        #expect(hits.map(\.offsetMs) == [1])
        #expect(hits.map(\.timeS) == [2.001])
        let later = scorer.advance(to: 1_072_000 + 2_401)
        #expect(later.misses.map(\.frame) == [1_024_000, 1_048_000, 1_072_000])
        #expect(later.completedBars.map(\.frames) == [96_000])
        let summary = scorer.statistics.summary
        #expect((summary.hits, summary.matched, summary.misses) == (3, 3, 4))
        #expect(summary.durationS == 3.25)
    }

    @Test func barsPassedOverEntirelyCloseWithNoFrames() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0])
        _ = scorer.advance(to: 30_000)
        let skipped = scorer.skip(to: GridPosition(bar: 4, beat: 1), playedUntil: 30_000)
        #expect(skipped.misses == [])
        #expect(skipped.completedBars.map(\.summary.bar) == [1, 2, 3])
        #expect(skipped.completedBars.map(\.frames) == [30_000, 0, 0])
        #expect(scorer.statistics.summary.misses == 1)
        #expect(scorer.finish(at: 3 * 96_000 + 24_000 + 2_401).misses.map(\.position) == [
            GridPosition(bar: 4, beat: 1), GridPosition(bar: 4, beat: 2),
        ])
    }

    @Test func aSkipWithinTheBarLeavesItOpen() throws {
        var scorer = try scorer(ScoringSettings(subdivision: 2))
        let skipped = scorer.skip(to: GridPosition(bar: 1, beat: 3, subdivision: 2), playedUntil: 10_000)
        #expect(skipped.isEmpty)
        #expect(scorer.advance(to: 96_000 + 2_401).misses.map(\.position) == [
            GridPosition(bar: 1, beat: 3, subdivision: 2), GridPosition(bar: 1, beat: 4, subdivision: 1),
            GridPosition(bar: 1, beat: 4, subdivision: 2), GridPosition(bar: 2, beat: 1, subdivision: 1),
        ])
    }

    @Test func aHitAlreadyMadeForThePositionSkippedToStillCounts() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0, 96_000 - 480])
        _ = scorer.advance(to: 20_000)
        _ = scorer.skip(to: GridPosition(bar: 2, beat: 1), playedUntil: 20_000)
        #expect(scorer.advance(to: 96_000 + 2_401).misses == [])
        #expect(scorer.statistics.summary.misses == 0)
    }

    @Test func backwardsOrOffTheGridChangesNothing() throws {
        var scorer = try scorer(ScoringSettings(subdivision: 2))
        _ = scorer.advance(to: 24_000 + 2_401)
        #expect(scorer.skip(to: GridPosition(bar: 1, beat: 2), playedUntil: 30_000).isEmpty)
        #expect(scorer.skip(to: GridPosition(bar: 1, beat: 5), playedUntil: 30_000).isEmpty)
        #expect(scorer.skip(to: GridPosition(bar: 2, beat: 1, subdivision: 3), playedUntil: 30_000).isEmpty)
        #expect(scorer.skip(to: GridPosition(bar: 2, beat: 0), playedUntil: 30_000).isEmpty)
        #expect(scorer.advance(to: 36_000 + 2_401).misses.map(\.frame) == [36_000])
    }

    @Test func nothingMovesOnceFinished() throws {
        var scorer = try scorer()
        _ = scorer.finish(at: 10_000)
        #expect(scorer.skip(to: GridPosition(bar: 3, beat: 1), playedUntil: 10_000).isEmpty)
    }

    @Test func theDoubleTriggerMemoryStartsAfresh() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [96_000])
        _ = scorer.skip(to: GridPosition(bar: 3, beat: 1), playedUntil: 100_000)
        // The new clock puts bar 3 at 96 240: 5 ms after the last hit in frames,
        // which would be a double trigger on the same clock.
        scorer.grid.originFrame = 96_240 - 192_000
        let hits = scorer.scoreSnare(at: [96_240])
        #expect(hits.map(\.position) == [GridPosition(bar: 3, beat: 1)])
        #expect(scorer.statistics.events == [])
    }

    @Test func driftIsMeasuredOnTheGridAcrossAReconnection() throws {
        var scorer = try scorer()
        // Each beat half a millisecond later than the one before (24 frames):
        // 1 ms a second, 60 ms a minute, over the gap as if it were not there.
        _ = scorer.scoreSnare(at: frames(from: 0, every: 24_024, count: 8))
        _ = scorer.advance(to: 192_000 - 10_000)
        _ = scorer.skip(to: GridPosition(bar: 3, beat: 1), playedUntil: 192_000 - 10_000)
        let shift: Int64 = 7_000_000
        scorer.grid.originFrame += shift
        scorer.record(SessionEvent(kind: .reconnected, frame: shift + 150_000, detail: "after 3.2 s", gapS: 3.2, shiftFrames: shift))
        #expect(scorer.statistics.originFrame == shift)
        _ = scorer.scoreSnare(at: (8..<16).map { shift + Int64($0) * 24_024 })
        let drift = try #require(scorer.statistics.summary.driftMsPerMinute)
        #expect(abs(drift - 60) < 1e-9)
        #expect(scorer.statistics.hits.map(\.timeS).last == Double(15 * 24_024) / 48_000)
    }
}
