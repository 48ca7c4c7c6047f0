import Testing
@testable import TactusCore

@Suite struct ReportHTMLTests {
    /// The `data-points` of the chart `id` in `page`; nil when there is no such chart.
    static func dataPoints(of id: String, in page: String) -> Int? {
        guard let start = page.range(of: "<svg id=\"\(id)\"") else { return nil }
        let tag = page[start.upperBound...].prefix { $0 != ">" }
        guard let attribute = tag.range(of: "data-points=\"") else { return nil }
        return Int(tag[attribute.upperBound...].prefix { $0 != "\"" })
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Nothing is fetched and nothing runs.
    static func expectSelfContained(_ page: String) {
        for forbidden in ["<script", "src=", "href=", "url(", "@import", "http:", "https:", "<link", "<iframe", "<img"] {
            #expect(!page.contains(forbidden), "page contains \(forbidden)")
        }
    }

    @Test func sessionPageHasEveryChartWithItsMarks() throws {
        let report = try SampleSession.run().report
        let page = ReportHTML.page(report)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(page.hasSuffix("</html>\n"))
        // 19 hits after the count-in and 2 missed positions.
        #expect(Self.dataPoints(of: "offset-scatter", in: page) == 21)
        #expect(Self.count("<circle class=\"hit ", in: page) == 19)
        #expect(Self.count("<circle class=\"hit perfect muted\"", in: page) == 0)
        #expect(Self.count("<circle class=\"hit good muted\"", in: page) == 3)   // +12, +16 and +20 ms in bar 5, without click
        #expect(Self.count("<path class=\"miss\"", in: page) == 2)
        // Bins -15, -10, 0, 5 and 10 ms hold the 15 matched hits; the +80 ms extra is over.
        #expect(Self.dataPoints(of: "offset-histogram", in: page) == 6)
        #expect(page.contains("<title>0 to +5 ms: 5 hits</title>"))
        #expect(page.contains("<title>&gt; +50 ms: 1 hits</title>"))
        #expect(Self.dataPoints(of: "beat-offsets", in: page) == 4)
        #expect(page.contains("<title>beat 4: mean -10.0 ms, SD 1.2 ms, 4 hits</title>"))
        #expect(Self.dataPoints(of: "bar-means", in: page) == 5)
        #expect(page.contains("<title>bar 5: mean +16.0 ms (no click)</title>"))
        #expect(page.contains("<section class=\"panel advice steady\"><h2>Advice</h2><ul><li>No tendency stands out beyond your"
            + " ±7.7 ms spread over 15 hits; next: a faster tempo: try 125 BPM</li></ul></section>"))
        #expect(page.contains("<div class=\"value\">85.3 <small>/ 100</small></div>"))
        #expect(Self.dataPoints(of: "practice-calendar", in: page) == nil)
        #expect(page.contains(">time s</text>"))
        Self.expectSelfContained(page)
    }

    @Test func textFromTheReportIsEscaped() throws {
        var settings = SampleSession.settings
        settings.preset = #"<script>alert("x")</script> & 'co'"#
        var report = try SampleSession.run(settings: settings).report
        report.createdAt = "2026-03-01T18:00:00Z<b>"
        report.source = ReportSource(kind: .analyze, file: "take<1>.mid", detail: "a \"quoted\" detail")
        for page in [ReportHTML.page(report), ReportHTML.historyPage([report])] {
            #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"))
            #expect(page.contains("take&lt;1&gt;.mid, a &quot;quoted&quot; detail"))
            #expect(page.contains("2026-03-01T18:00:00Z&lt;b&gt;"))
            #expect(!page.contains("<b>"))
            #expect(!page.contains("take<1>"))
            Self.expectSelfContained(page)
        }
    }

    @Test func historyPageHasCalendarTrendsAndTheLatestSession() throws {
        let first = try SampleSession.run().report
        let later = try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-08T18:00:00Z").report
        let page = ReportHTML.historyPage([later, first])
        #expect(Self.dataPoints(of: "practice-calendar", in: page) == 2)
        #expect(page.contains("<title>2026-03-01: 0.2 minutes, 1 session</title>"))
        #expect(page.contains("<title>2026-03-07: no practice</title>"))
        #expect(!page.contains("2026-03-09"))
        // 45 weeks of 7 days end with the week of 2026-03-08 (a Sunday): 315 squares, plus 5 in the legend.
        #expect(Self.count("<rect class=\"day ", in: page) == 315 + 5)
        #expect(Self.dataPoints(of: "trend-mean-abs", in: page) == 2)
        #expect(Self.dataPoints(of: "trend-score", in: page) == 2)
        #expect(page.contains("<title>session 2, 2026-03-08T18:00:00Z: 94, Groove 1, 120 BPM</title>"))
        #expect(page.contains("<h1>2 sessions · 0.3 minutes</h1>"))
        // The latest session in full.
        #expect(page.contains("<p class=\"eyebrow\">latest session</p>"))
        #expect(Self.dataPoints(of: "offset-scatter", in: page) == later.hits.count - 1 + later.misses.count)
        #expect(Self.dataPoints(of: "bar-means", in: page) == 5)
        Self.expectSelfContained(page)
    }

    /// Trends plot sessions in the order played, one apart however close in
    /// time, and leave out a session without hits rather than draw it at 0.
    @Test func trendsPlotSessionsInOrderAndLeaveOutThoseWithoutHits() throws {
        let first = try SampleSession.run(createdAt: "2026-03-08T18:00:00Z").report
        let second = try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-08T18:05:00Z").report
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings())
        _ = scorer.finish(at: 0)
        let settings = ReportSettings(tempo: Tempo(milliBPM: 120_000), meter: .fourFour, scoring: scorer.settings, sampleRate: 48_000)
        let silent = scorer.report(createdAt: "2026-03-08T18:10:00Z", source: ReportSource(kind: .live), settings: settings)
        let chart = SVGChart.sessionTrend(
            PracticeHistory([first, second, silent]), id: "trend-score", label: "score", title: "score",
            fixedRange: 0...100, value: { $0.summary.score }, format: { NumberText.fixed($0, 0) })
        #expect(chart.points == 2)
        let svg = chart.svg
        #expect(svg.contains("<title>session 1, 2026-03-08T18:00:00Z: "))
        #expect(svg.contains("<title>session 2, 2026-03-08T18:05:00Z: "))
        #expect(!svg.contains("session 3,"))
        // Three sessions across the plot (58 to 352): at 107, 205 and 303.
        #expect(svg.contains("cx=\"107.0\""))
        #expect(svg.contains("cx=\"205.0\""))
        #expect(svg.contains(">session, in the order played</text>"))
        #expect(svg.contains("style=\"min-width: 337.0px\""))
    }

    @Test func emptySessionsDrawEmptyCharts() throws {
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(windows: TimingWindows(unit: .percentOfSubdivision, perfect: 5, good: 10, ok: 20)))
        _ = scorer.finish(at: 0)
        let settings = ReportSettings(tempo: Tempo(milliBPM: 97_000), meter: .fourFour, scoring: scorer.settings, sampleRate: 48_000)
        let report = scorer.report(createdAt: "not a date", source: ReportSource(kind: .analyze, file: "take.mid"), settings: settings)
        for page in [ReportHTML.page(report), ReportHTML.historyPage([report])] {
            for id in ["offset-scatter", "offset-histogram", "beat-offsets", "bar-means"] {
                #expect(Self.dataPoints(of: id, in: page) == 0, "\(id)")
            }
            #expect(!page.contains("nan"))
            #expect(!page.contains("inf"))
            Self.expectSelfContained(page)
        }
        let history = ReportHTML.historyPage([report])
        #expect(Self.dataPoints(of: "practice-calendar", in: history) == 0)
        #expect(history.contains(">no dated sessions</text>"))
        #expect(Self.dataPoints(of: "trend-score", in: history) == 0)
    }

    @Test func longSessionsAreThinned() throws {
        var report = try SampleSession.run().report
        let hit = try #require(report.hits.last)
        report.hits = (0..<30_000).map { index in
            var copy = hit
            copy.timeS = Double(index) / 10
            return copy
        }
        report.bars = (1...4_000).map { BarSummary(bar: $0, hits: 1, matched: 1, misses: 0, meanOffsetMs: Double($0 % 7), sdOffsetMs: nil, meanAbsOffsetMs: nil, muted: false) }
        let page = ReportHTML.page(report)
        // Every third hit (12 000 at most), and bars averaged three at a time.
        #expect(Self.dataPoints(of: "offset-scatter", in: page) == 10_000 + report.misses.count)
        #expect(Self.dataPoints(of: "bar-means", in: page) == 1_334)
        #expect(page.contains("<title>bars 1–3: mean +2.0 ms</title>"))
        // 3000 s of hits: the time axis counts minutes.
        #expect(page.contains(">time min</text>"))
        #expect(page.contains(">45</text>"))
    }
}
