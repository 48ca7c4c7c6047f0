import Foundation
import Testing
@testable import TactusCore

@Suite struct GroupReportTests {
    /// Two players of the sample session: "anna" as it was, "ben" the same
    /// bars played 3 ms earlier on every beat.
    static func groupReport() throws -> PracticeReport {
        let anna = try SampleSession.run().report
        let earlier = SampleSession.offsetsMs.map { bar in bar.map { $0.map { $0 - 3 } } }
        let ben = try SampleSession.run(offsetsMs: earlier).report
        return anna.withPlayers([
            PlayerReport(name: "anna", port: "system:midi_capture_1", report: anna),
            PlayerReport(name: "ben", port: "system:midi_capture_2", report: ben),
        ])
    }

    @Test func pairAsynchronyIsTheOffsetDifferenceOnSharedPositions() throws {
        let report = try Self.groupReport()
        #expect(report.isGroup)
        #expect(report.players?.map(\.name) == ["anna", "ben"])
        #expect(report.players?[1].summary.matched == report.players?[0].summary.matched)
        // Each player's findings are a single player's: 15 hits with a ±7.7 ms
        // spread carry no tendency, so each gets the one "nothing stands out" line.
        #expect(report.players?.map { $0.findings.map(\.kind) } == [[.consistency], [.consistency]])
        #expect(report.players?.map { $0.findings.map(\.n) } == [[15], [15]])
        let pair = try #require(report.ensemble?.pairs.first)
        #expect(pair.players == ["anna", "ben"])
        // 18 positions both played (bars 1–5, count-in left out), each 3 ms apart.
        #expect(pair.n == 18)
        #expect(pair.meanAsynchronyMs.map { abs($0 - 3) < 1e-12 } == true)
        #expect(pair.sdAsynchronyMs.map { abs($0) < 1e-12 } == true)
        #expect(pair.byBeat.map(\.beat) == [1, 2, 3, 4])
        #expect(pair.byBeat.map(\.leader) == ["ben", "ben", "ben", "ben"])
        #expect(pair.byBeat.map(\.n) == [5, 5, 3, 5])
        // An exact 3 ms with no spread: claimed, overall and on each beat (n ≥ 8 only overall).
        #expect(report.ensemble?.findings.map(\.text) == [
            "anna plays 3.0 ms behind ben (95 %: 3.0 to 3.0 ms, 18 hits together)",
        ])
    }

    @Test func groupReportRoundTripsAndMatchesTheSchema() throws {
        let report = try Self.groupReport()
        let text = try report.jsonText()
        let validator = try JSONSchemaValidator.report()
        #expect(try validator.errors(in: JSONValue.parse(text)) == [])
        let decoded = try PracticeReport.decode(Data(text.utf8), file: "group.json")
        #expect(decoded.players?.map(\.hits.count) == report.players?.map(\.hits.count))
        #expect(decoded.ensemble?.pairs.first?.n == 18)
        var streamed: [UInt8] = []
        try report.writeJSON(chunkBytes: 4096) { streamed += $0 }
        #expect(String(decoding: streamed, as: UTF8.self) == text)
        #expect(try PracticeReportStreamTests.foundation(report) == text)
    }

    @Test func singlePlayerReportHasNoGroupKeys() throws {
        let text = try SampleSession.run().report.jsonText()
        #expect(!text.contains("\"players\""))
        #expect(!text.contains("\"ensemble\""))
    }

    @Test func showListsPlayersPairsAndEnsembleAdvice() throws {
        let text = ReportSummaryText.show(try Self.groupReport())
        let start = try #require(text.range(of: "\nplayers\n"))
        #expect(String(text[start.lowerBound...]) == """

            players
            player  port                   hits  matched  missed  mean ms  SD ms  score
            anna    system:midi_capture_1    16       15       1     +1.6    7.7   85.3
            ben     system:midi_capture_2    16       15       1     -1.4    7.7   82.4

            ensemble (asynchrony: A's offset minus B's on positions both played; + A behind)
            A     B     n  mean ms  SD ms    95 % CI ms
            anna  ben  18     +3.0    0.0  +3.0 to +3.0
            anna and ben
              ahead by beat (ms): 1 ben 3.0, 2 ben 3.0, 3 ben 3.0, 4 ben 3.0

            ensemble advice
            anna plays 3.0 ms behind ben (95 %: 3.0 to 3.0 ms, 18 hits together)

            """)
    }

    @Test func htmlHasAPanelAPlayerAndAnAsynchronyChartAPair() throws {
        let page = ReportHTML.page(try Self.groupReport())
        #expect(page.contains("id=\"player-1-offsets\" class=\"chart\" data-points=\"19\""))
        #expect(page.contains("id=\"player-2-offsets\" class=\"chart\" data-points=\"19\""))
        #expect(page.contains("id=\"asynchrony-1\" class=\"chart\" data-points=\"18\""))
        #expect(page.contains("<li>anna plays 3.0 ms behind ben (95 %: 3.0 to 3.0 ms, 18 hits together)</li>"))
        #expect(!ReportHTML.page(try SampleSession.run().report).contains("asynchrony-"))
    }

    @Test func compareAndTrendFollowPlayersAndPairs() throws {
        let first = try Self.groupReport()
        var second = first
        second.createdAt = "2026-03-02T18:00:00Z"
        second.players![1].summary.meanOffsetMs = 0.5
        second.ensemble!.pairs[0].meanAsynchronyMs = 1.25
        let compared = ReportSummaryText.compare(first, second)
        #expect(compared.hasSuffix("""

            players and pairs (asynchrony: A's offset minus B's; + A behind)
            player      metric             A     B  change
            anna        score           85.3  85.3     0.0
            anna        mean offset ms  +1.6  +1.6     0.0
            anna        SD ms            7.7   7.7     0.0
            ben         score           82.4  82.4     0.0
            ben         mean offset ms  -1.4  +0.5    +1.9
            ben         SD ms            7.7   7.7     0.0
            anna - ben  asynchrony ms   +3.0  +1.3    -1.7

            """))
        let trend = ReportSummaryText.trend([second, first])
        #expect(trend.contains("""
            group sessions (asynchrony: A's offset minus B's; + A behind)
            date                  A     B     n  asynchrony ms    95 % CI ms
            2026-03-01T18:00:00Z  anna  ben  18           +3.0  +3.0 to +3.0
            2026-03-02T18:00:00Z  anna  ben  18           +1.3  +3.0 to +3.0

            """))
        #expect(ReportSummaryText.compareEnsemble(try SampleSession.run().report, first) == "")
    }
}
