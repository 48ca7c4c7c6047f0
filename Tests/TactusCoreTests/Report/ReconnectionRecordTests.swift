import Foundation
import Testing
@testable import TactusCore
import TactusTestSupport

/// How a server lost and found again is written down: the events, their
/// journal lines, the report and its recovery from the journal.
@Suite struct ReconnectionRecordTests {
    static let settings = ReportSettings(tempo: Tempo(bpm: 120), meter: .fourFour, scoring: ScoringSettings(), sampleRate: 48_000)
    static let source = ReportSource(kind: .live, detail: "JACK server 'default'")

    /// Two bars, a loss in bar 3 after its first beat, bar 4 on a clock
    /// 5 000 000 frames ahead; every note 1 ms late, growing by 0.5 ms a beat.
    static func session() throws -> (report: PracticeReport, journal: String) {
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings())
        var journal = SessionJournal.line(.header(JournalHeader(
            createdAt: "2026-11-22T10:00:00Z", source: source, settings: settings, originFrame: 0)))
        func play(_ beats: Range<Int64>, shift: Int64) {
            for beat in beats {
                journal += SessionJournal.lines(for: scorer.score(InputHit(frame: shift + beat * 24_024 + 48, note: 38, velocity: 90, channel: 10)))
            }
        }
        func record(_ event: SessionEvent) {
            scorer.record(event)
            journal += SessionJournal.line(.event(event))
        }
        play(0..<9, shift: 0)
        journal += SessionJournal.lines(for: scorer.advance(to: 200_000))
        record(SessionEvent(kind: .serverLost, frame: 200_000, detail: "JACK server has been closed"))
        journal += SessionJournal.lines(for: scorer.skip(to: GridPosition(bar: 4, beat: 1), playedUntil: 200_000))
        let shift: Int64 = 5_000_000
        scorer.grid.originFrame = shift
        record(SessionEvent(kind: .reconnected, frame: shift + 280_000, detail: "after 2.5 s; bar 4 starts at frame 5288000", gapS: 2.5, shiftFrames: shift))
        play(12..<16, shift: shift)
        journal += SessionJournal.lines(for: scorer.finish(at: shift + 384_000))
        return (scorer.report(createdAt: "2026-11-22T10:00:00Z", source: source, settings: settings), journal)
    }

    @Test func theReconnectedEventIsOneExactLine() {
        let event = SessionEvent(kind: .reconnected, frame: 5_288_000, detail: "after 2.5 s", gapS: 2.5, shiftFrames: -1_200_000)
        #expect(SessionJournal.line(.event(event)) == """
            {"detail":"after 2.5 s","frame":5288000,"gapS":2.5,"kind":"reconnected","shiftFrames":-1200000,"type":"event"}

            """)
        let lost = SessionEvent(kind: .serverLost, frame: 200_000, detail: "gone")
        #expect(SessionJournal.line(.event(lost)) == """
            {"detail":"gone","frame":200000,"kind":"server-lost","type":"event"}

            """)
    }

    @Test func theReportListsTheGapAndCountsNoMissesInIt() throws {
        let report = try Self.session().report
        #expect(report.events.map(\.kind) == [.serverLost, .reconnected])
        #expect(report.events.map(\.gapS) == [nil, 2.5])
        #expect(report.summary.hits == 13)
        // Beats 2–4 of bar 3 fell in the gap: not misses.
        #expect(report.summary.misses == 0)
        #expect(report.bars.map(\.bar) == [1, 2, 3, 4])
        #expect(report.bars.map(\.hits) == [4, 4, 1, 4])
        // Bar 3 ran 8 000 frames before the loss.
        #expect(report.summary.durationS == Double(96_000 * 3 + 8_000) / 48_000)
        let last = try #require(report.hits.last)
        #expect(last.frame == 5_360_408)
        #expect(last.timeS == Double(360_408) / 48_000)
        let drift = try #require(report.summary.driftMsPerMinute)
        #expect(abs(drift - 60) < 1e-9)
    }

    @Test func theJournalRecoversTheSameReport() throws {
        let session = try Self.session()
        let (recovered, warnings) = try SessionJournal.recover(session.journal, file: "s.jsonl")
        #expect(warnings == [])
        var same = recovered
        same.source = session.report.source
        #expect(same == session.report)
    }

    @Test func theReportMatchesTheSchema() throws {
        let text = try Self.session().report.jsonText()
        #expect(try JSONSchemaValidator.report().errors(in: JSONValue.parse(text)) == [])
        #expect(text.contains("\"kind\" : \"reconnected\""))
    }
}
