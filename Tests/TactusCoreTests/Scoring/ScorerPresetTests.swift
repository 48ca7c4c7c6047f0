import Foundation
import Testing
@testable import TactusCore

/// Hits and misses carry the preset of their bar; the report sums them per
/// preset, and the journal alone gives the same sums.
@Suite struct ScorerPresetTests {
    static let scoring = ScoringSettings(subdivision: 1)

    /// 120 BPM 4/4 from frame 0: "Warm-up" for bars 1–2, "Ballad" from bar 3.
    /// Hits +5 ms on every beat of bar 1, +10 ms in bar 3 but beat 4; nothing in bar 2.
    static func session() throws -> (scorer: Scorer<Timeline>, journal: String) {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        var scorer = try Scorer(grid: timeline, settings: scoring, preset: "Warm-up")
        scorer.changePreset(to: "Ballad", fromBar: 3)
        var journal = ""
        for beat in 0..<4 {
            let frame = Int64(beat) * 24_000 + 240
            journal += SessionJournal.lines(for: scorer.score(InputHit(frame: frame, note: 38, velocity: 90, channel: 10)))
        }
        for beat in 0..<3 {
            let frame = 192_000 + Int64(beat) * 24_000 + 480
            journal += SessionJournal.lines(for: scorer.score(InputHit(frame: frame, note: 38, velocity: 90, channel: 10)))
        }
        journal += SessionJournal.lines(for: scorer.finish(at: 288_000))
        return (scorer, journal)
    }

    @Test func hitsAndMissesCarryThePresetOfTheirBar() throws {
        let statistics = try Self.session().scorer.statistics
        #expect(statistics.hits.map(\.preset) == ["Warm-up", "Warm-up", "Warm-up", "Warm-up", "Ballad", "Ballad", "Ballad"])
        #expect(statistics.misses.map(\.position.bar) == [2, 2, 2, 2, 3])
        #expect(statistics.misses.map(\.preset) == ["Warm-up", "Warm-up", "Warm-up", "Warm-up", "Ballad"])
    }

    @Test func theReportSumsEachPreset() throws {
        let byPreset = try Self.session().scorer.statistics.byPreset
        #expect(byPreset.map(\.preset) == ["Warm-up", "Ballad"])
        #expect(byPreset.map(\.summary.hits) == [4, 3])
        #expect(byPreset.map(\.summary.misses) == [4, 1])
        #expect(byPreset.map(\.summary.meanOffsetMs) == [5, 10])
        #expect(byPreset.map(\.summary.durationS) == [4, 2])
        #expect(byPreset.map(\.summary.score) == [50, 75])
    }

    @Test func theJournalRebuildsThePerPresetSums() throws {
        let (scorer, journal) = try Self.session()
        let settings = ReportSettings(spec: TimelineSpec(tempo: Tempo(bpm: 120)), scoring: Self.scoring, preset: "Warm-up")
        let header = SessionJournal.line(.header(JournalHeader(
            createdAt: "2026-11-21T12:00:00Z", source: ReportSource(kind: .live), settings: settings, originFrame: 0)))
        let recovered = try SessionJournal.recover(header + journal).report
        #expect(recovered.byPreset == scorer.statistics.byPreset)
    }

    @Test func byPresetIsWrittenReadAndMatchesTheSchema() throws {
        let scorer = try Self.session().scorer
        var settings = ReportSettings(spec: TimelineSpec(tempo: Tempo(bpm: 120)), scoring: Self.scoring, preset: "Warm-up")
        settings.setlist = "Friday"
        settings.alsaTimestampUncertaintyMs = 1.3333
        let report = scorer.report(createdAt: "2026-11-21T12:00:00Z", source: ReportSource(kind: .live), settings: settings)
        let text = try report.jsonText()
        #expect(text.contains("\"alsaTimestampUncertaintyMs\" : 1.333"))
        #expect(text.contains("\"setlist\" : \"Friday\""))
        let validator = try JSONSchemaValidator.report()
        #expect(try validator.errors(in: JSONValue.parse(text)) == [])
        let read = try PracticeReport.decode(Data(text.utf8), file: "r.json")
        #expect(read.byPreset.map(\.preset) == ["Warm-up", "Ballad"])
        #expect(read.byPreset.map(\.summary.hits) == [4, 3])
        #expect(read.settings.setlist == "Friday")
        #expect(read.settings.alsaTimestampUncertaintyMs == 1.333)
    }

    @Test func aReportWithoutByPresetStillReads() throws {
        let scorer = try Self.session().scorer
        let report = scorer.report(
            createdAt: "2026-11-21T12:00:00Z", source: ReportSource(kind: .live),
            settings: ReportSettings(spec: TimelineSpec(tempo: Tempo(bpm: 120)), scoring: Self.scoring))
        var text = try report.jsonText()
        let start = try #require(text.range(of: "  \"byPreset\" : ["))
        let end = try #require(text.range(of: "  \"bySubdivision\"", range: start.upperBound..<text.endIndex))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        #expect(try PracticeReport.decode(Data(text.utf8), file: "old.json").byPreset == [])
    }

    @Test func stopSettlesWhatWasPlayedAndRestartSkipsTheRest() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        var scorer = try Scorer(grid: timeline, settings: Self.scoring)
        _ = scorer.score(InputHit(frame: 24_000, note: 38, velocity: 90, channel: 10))
        // Stopped at 50000, in bar 1 after beat 3 (48000).
        let stopped = scorer.stop(at: 50_000)
        #expect(stopped.nextBar == 2)
        #expect(stopped.progress.misses.map(\.position) == [GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 3)])
        #expect(stopped.progress.completedBars.map(\.frames) == [50_000])
        let fresh = try timeline.continuing(with: TimelineSpec(tempo: Tempo(bpm: 60)), fromBar: 2, at: 1_000_000)
        scorer.grid = fresh
        scorer.restart(atBar: 2)
        let progress = scorer.advance(to: 1_040_000)
        #expect(progress.misses.map(\.position) == [GridPosition(bar: 2, beat: 1)])
        #expect(progress.misses.map(\.frame) == [1_000_000])
    }

    @Test func stopOnABarLineStartsTheNextBar() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        var scorer = try Scorer(grid: timeline, settings: Self.scoring)
        let stopped = scorer.stop(at: 96_000)
        #expect(stopped.nextBar == 2)
        #expect(stopped.progress.completedBars.map(\.frames) == [96_000])
        #expect(stopped.progress.misses.count == 4)
    }
}
