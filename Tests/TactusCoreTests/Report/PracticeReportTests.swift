import Foundation
import Testing
import TactusTestSupport
@testable import TactusCore

@Suite struct PracticeReportTests {
    @Test func sampleSessionSummary() throws {
        let report = try SampleSession.run().report
        let summary = report.summary
        #expect((summary.hits, summary.matched, summary.extras, summary.misses) == (16, 15, 1, 1))
        #expect((summary.perfect, summary.good, summary.ok) == (13, 2, 0))
        // Beats 1–4 with click: 2 4 2 4 | 8 10 8 10 | 4 6 6 | -9 -11 -9 -11, sum 24 over 15.
        #expect(summary.meanOffsetMs.map { abs($0 - 1.6) < 1e-12 } == true)
        #expect(summary.medianOffsetMs == 4)
        #expect(summary.p95AbsOffsetMs == 11)
        #expect(summary.durationS == 8)
        #expect(report.withoutClick?.matched == 3)
        #expect(report.withoutClick?.misses == 1)
        #expect(report.withoutClick?.durationS == 2)
        let beatMeans: [Double?] = [3, 9, 16.0 / 3, -10]
        #expect(report.byBeat.map(\.meanOffsetMs) == beatMeans)
        #expect(report.hits.count == 20)
        #expect(report.hits.first?.countIn == true)
        #expect(report.events.map(\.kind) == [.doubleTrigger, .marker])
        #expect(report.bars.map(\.bar) == [1, 2, 3, 4, 5])
    }

    @Test func encodedReportMatchesTheSchema() throws {
        let text = try SampleSession.run().report.jsonText()
        #expect(try JSONSchemaValidator.report().errors(in: JSONValue.parse(text)) == [])
    }

    @Test func emptyReportMatchesTheSchema() throws {
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(subdivision: 2, swing: .triplet))
        _ = scorer.finish(at: 0)
        let settings = ReportSettings(tempo: Tempo(milliBPM: 97_000), meter: .fourFour, scoring: scorer.settings, sampleRate: 48_000)
        let report = scorer.report(createdAt: "2026-03-01T18:00:00Z", source: ReportSource(kind: .analyze, file: "take.mid"), settings: settings)
        let value = try JSONValue.parse(try report.jsonText())
        #expect(try JSONSchemaValidator.report().errors(in: value) == [])
        #expect(value["summary"]?["meanOffsetMs"] == .null)
        #expect(value["withoutClick"] == .null)
    }

    @Test func validatorRejectsWhatTheSchemaForbids() throws {
        let text = try SampleSession.run().report.jsonText()
        guard case .object(var members) = try JSONValue.parse(text) else { throw CancellationError() }
        members["summary"] = nil
        members["colour"] = .string("blue")
        if case .array(var hits)? = members["hits"], case .object(var hit) = hits[1] {
            hit["grade"] = .string("great")
            hit["frame"] = .number(1.5)
            hits[1] = .object(hit)
            members["hits"] = .array(hits)
        }
        #expect(try JSONSchemaValidator.report().errors(in: .object(members)) == [
            "$: missing summary",
            "$: unexpected colour",
            "$.hits[1].frame: expected integer",
            "$.hits[1].grade: not one of the allowed values",
        ])
    }

    @Test func findingsRoundTripAndAreComputedForOlderReports() throws {
        let report = try SampleSession.run().report
        #expect(report.findings == Findings.of(report))
        #expect(!report.findings.isEmpty)
        let text = try report.jsonText()
        let decoded = try PracticeReport.decode(Data(text.utf8), file: "a.json").findings
        // Numbers to 3 decimals in the JSON, like the rest of the report.
        #expect(decoded.map(\.text) == report.findings.map(\.text))
        #expect(zip(decoded, report.findings).allSatisfy { abs($0.estimate - $1.estimate) <= 0.0005 && $0.n == $1.n })
        // A report written before findings existed: they are computed on load.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object["findings"] = nil
        let older = try PracticeReport.decode(try JSONSerialization.data(withJSONObject: object), file: "old.json")
        #expect(older.findings.map(\.text) == report.findings.map(\.text))
        #expect(older.findings.map(\.kind) == [.consistency])
    }

    /// A report written before positions and the spread beyond the named
    /// tendencies: its stored findings (made the old way) are computed anew
    /// from its hits, and its position grid and spread are filled in.
    @Test func reportsFromBeforePositionsGetTheirFindingsAnew() throws {
        let report = try SampleSession.run().report
        let text = try report.jsonText()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var summary = try #require(object["summary"] as? [String: Any])
        summary["spreadMs"] = nil
        summary["spreadCi95"] = nil
        object["summary"] = summary
        object["byPosition"] = nil
        object["findings"] = [["kind": "beat", "beat": 2, "direction": "late", "estimate": 9.0, "unit": "ms",
                               "ci95": [1.0, 17.0], "n": 5, "text": "beat 2 drags: pooled the old way"]]
        let older = try PracticeReport.decode(try JSONSerialization.data(withJSONObject: object), file: "old.json")
        #expect(older.findings.map(\.text) == report.findings.map(\.text))
        #expect(older.byPosition == report.byPosition)
        #expect(older.byPosition.count == 4)
        #expect(older.summary.spreadMs == report.findings.last?.estimate)
        // A report with them keeps its own findings.
        let current = try PracticeReport.decode(Data(text.utf8), file: "new.json")
        #expect(current.summary.spreadMs != nil)
    }

    @Test func numbersAreRoundedInTheJSON() throws {
        let hit = ScoredHit(
            frame: 96_001, gridFrame: 96_000, timeS: 1.0 / 48_000, position: GridPosition(bar: 1, beat: 1),
            offsetMs: 1.0 / 48, note: 38, velocity: 100, channel: 10, grade: .perfect)
        var report = try SampleSession.run().report
        report.hits = [hit]
        #expect(try report.jsonText().contains("""
              "hits" : [
                {
                  "bar" : 1,
                  "beat" : 1,
                  "channel" : 10,
                  "frame" : 96001,
                  "grade" : "perfect",
                  "gridFrame" : 96000,
                  "note" : 38,
                  "offsetMs" : 0.021,
                  "subdivision" : 1,
                  "timeS" : 2.1e-05,
                  "velocity" : 100
                }
              ],
            """))
        #expect(ReportNumber.rounded(-0.0004, decimals: 3) == 0)
        #expect(ReportNumber.rounded(-0.0004, decimals: 3).sign == .plus)
        #expect(ReportNumber.rounded(2.0005, decimals: 3) == 2.001)
    }

    @Test func summaryAsWrittenIsTheReportReadBackWithoutItsLists() throws {
        var report = try GroupReportTests.groupReport()
        report.bars[0].meanOffsetMs = 2.0005
        report.bars[1].sdOffsetMs = -0.0004
        report.bars[2].meanAbsOffsetMs = nil
        var expected = report.asWritten()
        expected.hits = []
        expected.misses = []
        expected.players = expected.players?.map { player in
            var player = player
            player.hits = []
            return player
        }
        let summary = report.summaryAsWritten()
        #expect(summary == expected)
        #expect(summary.bars.count == 5)
        #expect(summary.bars[0].meanOffsetMs == 2.001)
        #expect(summary.bars[1].sdOffsetMs == 0)
        #expect(summary.bars[1].sdOffsetMs?.sign == .plus)
        #expect(summary.bars[2].meanAbsOffsetMs == nil)
        #expect(summary.players?.map(\.hits.count) == [0, 0])
        #expect(ReportSummaryText.show(summary) == ReportSummaryText.show(report.asWritten()))
    }

    @Test func sameReportSameBytes() throws {
        let report = try SampleSession.run().report
        let text = try report.jsonText()
        let decoded = try PracticeReport.decode(Data(text.utf8), file: "a.json")
        #expect(try decoded.jsonText() == text)
        #expect(decoded.hits.count == report.hits.count)
        #expect(decoded.settings == report.settings)
    }

    @Test func readErrorsNameTheField() throws {
        var text = try SampleSession.run().report.jsonText()
        text = text.replacingOccurrences(of: "\"velocity\" : 100", with: "\"velocity\" : \"loud\"")
        #expect(throws: ReportError(file: "a.json", message: "hits[0].velocity: expected a whole number, found a string")) {
            try PracticeReport.decode(Data(text.utf8), file: "a.json")
        }
        #expect(throws: ReportError(file: "b.json", message: "is not valid JSON")) {
            try PracticeReport.decode(Data("{\"schema\": ".utf8), file: "b.json")
        }
        #expect(throws: ReportError(file: "c.json", message: "schema: is \"tactus.report/2\"; this tactus reads \"tactus.report/1\"")) {
            try PracticeReport.decode(Data("{\"schema\": \"tactus.report/2\"}".utf8), file: "c.json")
        }
    }
}
