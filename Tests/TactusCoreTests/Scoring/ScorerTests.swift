import Testing
@testable import TactusCore

@Suite struct ScorerTests {
    let grid = ConstantTempoGrid()

    func scorer(_ settings: ScoringSettings = ScoringSettings(), grid: ConstantTempoGrid? = nil) throws -> Scorer<ConstantTempoGrid> {
        try Scorer(grid: grid ?? self.grid, settings: settings)
    }

    @Test func offsetsAreExactMilliseconds() throws {
        var scorer = try scorer()
        let strokes: [Int64] = [0 - 48, 24_000 + 0, 48_000 + 96, 72_000 + 480, 96_000 - 1]
        let hits = scorer.scoreSnare(at: strokes)
        let offsets: [Double] = [-1, 0, 2, 10, -1.0 / 48]
        #expect(hits.map(\.offsetMs) == offsets)
        #expect(hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2), GridPosition(bar: 1, beat: 3),
            GridPosition(bar: 1, beat: 4), GridPosition(bar: 2, beat: 1),
        ])
        #expect(hits.map(\.gridFrame) == [0, 24_000, 48_000, 72_000, 96_000])
        let times: [Double] = [-0.001, 0.5, 1.002, 1.51, 95_999.0 / 48_000]
        #expect(hits.map(\.timeS) == times)
    }

    @Test func theFinalReportIsTheReportAsItStands() throws {
        let run = try SampleSession.run()
        let report = run.report
        let final = run.scorer.finalReport(createdAt: report.createdAt, source: report.source, settings: report.settings)
        #expect(final == report)
        #expect(final.bars.map(\.hits) == [4, 4, 3, 5, 3])
    }

    @Test func gradeBoundariesAreInclusive() throws {
        var scorer = try scorer()
        // 10 ms = 480 frames, 25 ms = 1200, 50 ms = 2400 at 48 kHz.
        let offsets: [Int64] = [480, 481, -480, -481, 1200, 1201, -1200, -1201, 2400, 2401, -2400, -2401]
        let hits = scorer.scoreSnare(at: offsets.enumerated().map { Int64($0.offset) * 24_000 + $0.element })
        #expect(hits.map(\.grade) == [
            .perfect, .good, .perfect, .good, .good, .ok, .good, .ok, .ok, .extra, .ok, .extra,
        ])
        let frame = 1.0 / 48
        let expected: [Double] = [10, 10 + frame, -10, -10 - frame, 25, 25 + frame, -25, -25 - frame, 50, 50 + frame, -50, -50 - frame]
        #expect(hits.map(\.offsetMs) == expected)
    }

    @Test func percentWindowsScaleWithTheSubdivision() throws {
        // 16ths at 120 BPM last 125 ms: 8 %, 20 %, 40 % are 10, 25, 50 ms.
        let windows = TimingWindows(unit: .percentOfSubdivision, perfect: 8, good: 20, ok: 40)
        var scorer = try scorer(ScoringSettings(subdivision: 4, windows: windows))
        let hits = scorer.scoreSnare(at: [6_000 + 480, 12_000 + 481, 18_000 + 1200, 24_000 + 1201, 30_000 - 2400, 36_000 - 2401])
        #expect(hits.map(\.grade) == [.perfect, .good, .good, .ok, .ok, .extra])
        #expect(hits.map(\.position.subdivision) == [2, 3, 4, 1, 2, 3])
    }

    @Test func latencyCompensationIsSubtracted() throws {
        // 96 frames click output (2 ms), 48 frames input (1 ms), 0.5 ms user offset.
        let latency = LatencyCompensation(clickOutputFrames: 96, inputCaptureFrames: 48, userOffsetMs: 0.5)
        var scorer = try scorer(ScoringSettings(latency: latency))
        let hits = scorer.scoreSnare(at: [24_000 + 240, 48_000 + 144])
        #expect(hits.map(\.offsetMs) == [1.5, -0.5])
        #expect(hits.map(\.gridFrame) == [24_000, 48_000])
    }

    @Test func simultaneousNotesAreEachScored() throws {
        var scorer = try scorer()
        let outcomes = [
            scorer.score(InputHit(frame: 24_048, note: 36, velocity: 90, channel: 10)),
            scorer.score(InputHit(frame: 24_096, note: 42, velocity: 70, channel: 10)),
        ]
        let offsets = outcomes.map { outcome -> Double? in
            if case .scored(let hit) = outcome { return hit.offsetMs }
            return nil
        }
        #expect(offsets == [1, 2])
        #expect(scorer.statistics.summary.matched == 2)
    }

    @Test func doubleTriggersCountOnce() throws {
        var scorer = try scorer()
        let outcomes = [
            scorer.score(InputHit(frame: 0, note: 38, velocity: 100, channel: 10)),
            scorer.score(InputHit(frame: 720, note: 38, velocity: 40, channel: 10)),   // 15 ms: double
            scorer.score(InputHit(frame: 720, note: 36, velocity: 40, channel: 10)),   // other note
            scorer.score(InputHit(frame: 720, note: 38, velocity: 40, channel: 9)),    // other channel
            scorer.score(InputHit(frame: 721, note: 38, velocity: 40, channel: 10)),   // 15.02 ms: scored
        ]
        let event = SessionEvent(kind: .doubleTrigger, frame: 720, detail: "note 38 ch 10, 15.0 ms after the last one")
        #expect(outcomes[1] == .doubleTrigger(event))
        #expect(outcomes.map { if case .scored = $0 { true } else { false } } == [true, false, true, true, true])
        #expect(scorer.statistics.events == [event])
        #expect(scorer.statistics.hits.count == 4)
    }

    @Test func aReconnectionMovesTheDoubleTriggerMemoryWithTheGrid() throws {
        var scorer = try scorer()
        _ = scorer.score(InputHit(frame: 200_000, note: 38, velocity: 100, channel: 10))
        // The new server's clock runs 160 000 frames behind the old one: the
        // old hit is at 40 000 on it, and 200 300 is 3.3 s after it, not 6.25 ms.
        scorer.grid.originFrame = -160_000
        scorer.record(SessionEvent(kind: .reconnected, frame: 30_000, detail: "after 2.0 s", gapS: 2, shiftFrames: -160_000))
        let outcomes = [
            scorer.score(InputHit(frame: 40_500, note: 38, velocity: 90, channel: 10)),
            scorer.score(InputHit(frame: 200_300, note: 38, velocity: 90, channel: 10)),
            scorer.score(InputHit(frame: 200_800, note: 38, velocity: 90, channel: 10)),
        ]
        #expect(outcomes[0] == .doubleTrigger(SessionEvent(
            kind: .doubleTrigger, frame: 40_500, detail: "note 38 ch 10, 10.4 ms after the last one")))
        guard case .scored(let hit) = outcomes[1] else { Issue.record("not scored: \(outcomes[1])"); return }
        #expect(hit.frame == 200_300)
        #expect(hit.offsetMs == 6.25)
        #expect(outcomes[2] == .doubleTrigger(SessionEvent(
            kind: .doubleTrigger, frame: 200_800, detail: "note 38 ch 10, 10.4 ms after the last one")))
    }

    @Test func filtersLeaveOtherNotesOut() throws {
        let filter = NoteFilter(notes: [36...36, 38...40], channels: [10])
        var scorer = try scorer(ScoringSettings(noteFilter: filter))
        let outcomes = [
            scorer.score(InputHit(frame: 0, note: 36, velocity: 100, channel: 10)),
            scorer.score(InputHit(frame: 24_000, note: 37, velocity: 100, channel: 10)),
            scorer.score(InputHit(frame: 48_000, note: 40, velocity: 100, channel: 10)),
            scorer.score(InputHit(frame: 72_000, note: 38, velocity: 100, channel: 1)),
        ]
        #expect(outcomes.map { $0 == .filtered } == [false, true, false, true])
        #expect(scorer.statistics.hits.map(\.note) == [36, 40])
    }

    @Test func parsesNoteLists() throws {
        #expect(try NoteFilter(parsingNotes: "36,38-40").notes == [36...36, 38...40])
        #expect(throws: SettingError(field: "noteFilter.notes", message: "\"40-38\" is not a note 0-127 or a range like 42-46")) {
            try NoteFilter(parsingNotes: "36,40-38")
        }
    }

    @Test func swungOffbeatsSitTwoThirdsThrough() throws {
        var scorer = try scorer(ScoringSettings(subdivision: 2, swing: .triplet))
        let hits = scorer.scoreSnare(at: [16_000 + 48, 40_000 - 96, 12_000])
        #expect(hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1, subdivision: 2), GridPosition(bar: 1, beat: 2, subdivision: 2),
            GridPosition(bar: 1, beat: 1, subdivision: 2),
        ])
        #expect(hits.map(\.offsetMs) == [1, -2, -4000.0 / 48])
        #expect(hits.map(\.grade) == [.perfect, .perfect, .extra])
    }

    @Test func missesAreFoundAsTheGridAdvances() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0, 48_000 + 100])
        // Beat 2 (frame 24 000) settles once a hit at the frontier would be past +50 ms.
        #expect(scorer.advance(to: 24_000 + 2400).misses.isEmpty)
        let progress = scorer.advance(to: 24_000 + 2401)
        #expect(progress.misses == [MissedPosition(frame: 24_000, timeS: 0.5, position: GridPosition(bar: 1, beat: 2))])
        #expect(scorer.advance(to: 96_000 + 2401).misses.map(\.frame) == [72_000, 96_000])
        #expect(scorer.statistics.summary.misses == 3)
    }

    @Test func nextSettleFrameIsWhereAdvanceSettles() throws {
        var scorer = try scorer()
        // Beat 1 (frame 0) settles once a hit would be past +50 ms (2400 frames).
        #expect(scorer.nextSettleFrame == 2401)
        #expect(scorer.advance(to: 2400).misses.isEmpty)
        #expect(scorer.advance(to: 2401).misses.map(\.frame) == [0])
        #expect(scorer.nextSettleFrame == 26_401)
        // 96 + 48 frames of latency and 0.5 ms (24 frames) of user offset move it later.
        let latency = LatencyCompensation(clickOutputFrames: 96, inputCaptureFrames: 48, userOffsetMs: 0.5)
        var compensated = try self.scorer(ScoringSettings(latency: latency))
        #expect(compensated.nextSettleFrame == 2569)
        #expect(compensated.advance(to: 2400 + 96 + 48 + 24).misses.isEmpty)
        #expect(compensated.advance(to: 2401 + 96 + 48 + 24).misses.count == 1)
        _ = scorer.finish(at: 48_000)
        #expect(scorer.nextSettleFrame == nil)
    }

    @Test func barsCompleteWhenTheirLastPositionSettles() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0, 24_000, 48_000, 72_048])
        let progress = scorer.advance(to: 72_000 + 2401)
        #expect(progress.completedBars == [CompletedBar(
            frames: 96_000,
            summary: BarSummary(bar: 1, hits: 4, matched: 4, misses: 0, meanOffsetMs: 0.25, sdOffsetMs: 0.5,
                                meanAbsOffsetMs: 0.25, muted: false))])
    }

    @Test func patternSetsWhichPositionsAreExpected() throws {
        var scorer = try scorer(ScoringSettings(subdivision: 4, expected: try #require(ExpectedPositions(parsing: "x.x."))))
        _ = scorer.scoreSnare(at: [0, 6_000])
        let misses = scorer.finish(at: 96_000).misses
        // Beat 1's first 16th was played; the "e" (6 000) is not expected, so not counted.
        #expect(misses.map(\.frame) == [12_000, 24_000, 36_000, 48_000, 60_000, 72_000, 84_000])
        #expect(scorer.statistics.summary.misses == 7)
        #expect(scorer.statistics.summary.matched == 2)
    }

    @Test func onlyBeatsCanBeExpected() throws {
        var scorer = try scorer(ScoringSettings(subdivision: 2, expected: .beats))
        let misses = scorer.finish(at: 48_000).misses
        #expect(misses.map { $0.position } == [GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2)])
    }

    @Test func finishSettlesTheRestAndCutsTheLastBar() throws {
        var scorer = try scorer()
        _ = scorer.scoreSnare(at: [0, 24_000, 48_000, 72_000, 96_000])
        let progress = scorer.finish(at: 96_000 + 36_000)
        #expect(progress.misses.map(\.frame) == [120_000])
        #expect(progress.completedBars.map(\.summary.bar) == [1, 2])
        #expect(progress.completedBars.map(\.frames) == [96_000, 36_000])
        #expect(scorer.statistics.summary.durationS == 2.75)
        #expect(scorer.finish(at: 200_000).isEmpty)
        #expect(scorer.advance(to: 300_000).isEmpty)
    }

    @Test func countInHitsAreListedButNotCounted() throws {
        let grid = ConstantTempoGrid(originFrame: 96_000, countInBars: 1)
        var scorer = try scorer(grid: grid)
        let hits = scorer.scoreSnare(at: [0 + 96, 24_000, 96_000 + 48, 120_000])
        #expect(hits.map(\.countIn) == [true, true, false, false])
        #expect(hits.map(\.position.bar) == [0, 0, 1, 1])
        #expect(hits.map(\.timeS) == [-1.998, -1.5, 0.001, 0.5])
        let progress = scorer.finish(at: 96_000 + 96_000)
        #expect(progress.misses.map(\.position.beat) == [3, 4])
        let summary = scorer.statistics.summary
        #expect((summary.hits, summary.matched, summary.misses) == (2, 2, 2))
        #expect(summary.meanOffsetMs == 0.5)
        #expect(scorer.statistics.barSummaries.map(\.bar) == [1])
    }

    @Test func gapBarsAreCountedWithoutClick() throws {
        let grid = ConstantTempoGrid(mutedBars: [2])
        var scorer = try scorer(grid: grid)
        _ = scorer.scoreSnare(at: [0, 24_000, 48_000, 72_000, 96_000 + 480, 120_000 + 960, 168_000 + 2401])
        _ = scorer.finish(at: 192_000)
        let statistics = scorer.statistics
        #expect(statistics.hits.map(\.muted) == [false, false, false, false, true, true, true])
        #expect((statistics.summary.hits, statistics.summary.misses) == (4, 0))
        let withoutClick = try #require(statistics.summaryWithoutClick)
        #expect((withoutClick.hits, withoutClick.matched, withoutClick.extras, withoutClick.misses) == (3, 2, 1, 2))
        #expect(withoutClick.meanOffsetMs == 15)
        #expect(withoutClick.durationS == 2)
        #expect(statistics.summary.durationS == 2)
        #expect(statistics.barSummaries.map(\.muted) == [false, true])
        #expect(statistics.byBeat.map(\.hits) == [1, 1, 1, 1])
    }

    @Test func withoutGapThereIsNoWithoutClickSummary() throws {
        var scorer = try scorer()
        _ = scorer.finish(at: 96_000)
        #expect(scorer.statistics.summaryWithoutClick == nil)
    }

    @Test func rejectsUnusableSettings() {
        #expect(throws: SettingError(field: "subdivision", message: "must be 1, 2, 3, 4, 5, 6 or 8, got 7")) {
            try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(subdivision: 7))
        }
        #expect(throws: SettingError(field: "swing", message: "applies to eighths only; use subdivision 2, not 4")) {
            try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(subdivision: 4, swing: .triplet))
        }
        #expect(throws: SettingError(field: "windows.ok", message: "must be at least the good window (25.0), got 20.0")) {
            try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(windows: TimingWindows(perfect: 10, good: 25, ok: 20)))
        }
        #expect(throws: SettingError(field: "noteFilter.channels[0]", message: "must be 1-16, got 0")) {
            try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(noteFilter: NoteFilter(channels: [0])))
        }
    }

    @Test func lateArrivingHitsAreStillScored() throws {
        var scorer = try scorer()
        let hits = scorer.scoreSnare(at: [24_000 + 48, 0 + 96])
        #expect(hits.map(\.offsetMs) == [1, 2])
        #expect(scorer.finish(at: 48_000).misses.isEmpty)
    }
}
