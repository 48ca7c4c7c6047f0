import Testing
import TactusCore

@Suite struct ScoringHintTests {
    /// A live session's report: 120 BPM 4/4 at 48 kHz, beats 24 000 frames
    /// apart, the note played at each of `frames` after bar 1's downbeat,
    /// scored with `subdivision` until bar `bars + 1`.
    static func liveReport(frames: [Int64], subdivision: Int, bars: Int) throws -> PracticeReport {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120))
        let timeline = try Timeline(spec: spec)
        let scoring = ScoringSettings(subdivision: subdivision)
        var scorer = try Scorer(grid: timeline, settings: scoring)
        let origin = timeline.frame(ofBar: 1)
        for frame in frames {
            _ = scorer.advance(to: origin + frame)
            _ = scorer.score(InputHit(frame: origin + frame, note: 38, velocity: 100, channel: 10))
        }
        _ = scorer.finish(at: timeline.frame(ofBar: bars + 1))
        return scorer.report(createdAt: "2026-11-25T18:00:00+00:00", source: ReportSource(kind: .live),
                             settings: ReportSettings(spec: spec, scoring: scoring))
    }

    /// Eighths for 8 bars scored on the beats: every other hit is between them.
    @Test func aLiveSessionOfEighthsOnTheBeatGridIsTold() throws {
        let report = try Self.liveReport(frames: (0..<64).map { Int64($0) * 12_000 }, subdivision: 1, bars: 8)
        #expect(report.summary.extras == 32)
        let hints = ScoringHint.hints(for: report)
        #expect(hints == [.subdivision(SubdivisionHint(between: 32, total: 64, scored: 1, subdivision: 2))])
        let text = ReportSummaryText.show(report.summaryAsWritten(), hints: hints)
        #expect(text.hasSuffix("\nhint: 32 of 64 hits fall between the beats, as eighths would; score them with --subdivision 2\n"))
        #expect(!ReportSummaryText.show(report.summaryAsWritten()).contains("hint:"))
    }

    /// A backbeat (beats 2 and 4) scored with sixteenths, every position expected.
    @Test func aBackbeatScoredOnSixteenthsIsToldToExpectBeats() throws {
        let backbeat: [Int64] = (0..<16).flatMap { (bar: Int) -> [Int64] in
            [Int64(1), 3].map { (beat: Int64) -> Int64 in Int64(bar) * 96_000 + beat * 24_000 }
        }
        var report = try Self.liveReport(frames: backbeat, subdivision: 4, bars: 16)
        #expect(report.summary.matched == 32)
        #expect(report.summary.misses == 224)
        // Only analyze has --expected.
        #expect(ScoringHint.hints(for: report) == [])
        report.source = ReportSource(kind: .analyze, file: "take.mid")
        let hint = ExpectedHint(misses: 224, positions: 256, fitting: 32, hits: 32, expected: .beats)
        #expect(ScoringHint.hints(for: report) == [.expected(hint)])
        #expect(hint.text == "224 of 256 expected positions were missed, and 32 of 32 hits are on the beats; "
            + "to expect only those, add --expected beats")
    }

    @Test func eighthsScoredOnSixteenthsAreToldTheirSlots() throws {
        // Subdivisions 1 and 3 of 4: the beat and its "and"; one stray on the "e".
        let subdivisions = Array(repeating: [1, 3], count: 10).flatMap { $0 } + [2]
        let hint = try #require(ExpectedHint(subdivisions: subdivisions, misses: 30, subdivision: 4, expected: .everySubdivision))
        #expect(hint == ExpectedHint(misses: 30, positions: 51, fitting: 20, hits: 21, expected: .pattern([true, false, true, false])))
        #expect(hint.text.hasSuffix("20 of 21 hits are on the slots of x.x.; to expect only those, add --expected x.x."))
        let triplets = Array(repeating: [1, 4], count: 10).flatMap { $0 }
        #expect(ExpectedHint(subdivisions: triplets, misses: 40, subdivision: 6, expected: .everySubdivision)?.expected
            == .pattern([true, false, false, true, false, false]))
    }

    @Test func fullPartsFewHitsOrChosenPositionsAreNotTold() {
        let onBeats = Array(repeating: 1, count: 20)
        // Fewer misses than hits: the part is played, not sparse.
        #expect(ExpectedHint(subdivisions: onBeats, misses: 20, subdivision: 4, expected: .everySubdivision) == nil)
        #expect(ExpectedHint(subdivisions: onBeats, misses: 60, subdivision: 4, expected: .beats) == nil)
        #expect(ExpectedHint(subdivisions: onBeats, misses: 60, subdivision: 1, expected: .everySubdivision) == nil)
        #expect(ExpectedHint(subdivisions: Array(onBeats.prefix(7)), misses: 60, subdivision: 4, expected: .everySubdivision) == nil)
        // Hits spread over every slot: no coarser set fits.
        let spread = Array(repeating: [1, 2, 3, 4], count: 5).flatMap { $0 }
        #expect(ExpectedHint(subdivisions: spread, misses: 60, subdivision: 4, expected: .everySubdivision) == nil)
    }
}
