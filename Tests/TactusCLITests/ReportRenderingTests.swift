import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// The HTML report as a browser renders it: every chart is in the rendered
/// DOM with as many marks as it claims, and the page paints into a real
/// screenshot.
@Suite struct ReportRenderingTests {
    /// The `<svg id="id" …>…</svg>` element in `dom`.
    static func chart(_ id: String, in dom: String) -> Substring? {
        guard let start = dom.range(of: "<svg id=\"\(id)\"") else { return nil }
        guard let end = dom.range(of: "</svg>", range: start.upperBound..<dom.endIndex) else { return nil }
        return dom[start.lowerBound..<end.upperBound]
    }

    static func dataPoints(_ chart: Substring) -> Int? {
        guard let attribute = chart.range(of: "data-points=\"") else { return nil }
        return Int(chart[attribute.upperBound...].prefix { $0 != "\"" })
    }

    static func count(_ needle: String, in text: Substring) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Each chart is present, claims marks, and holds that many mark elements.
    static func expectCharts(_ marks: [String: [String]], in dom: String, legendMarks: [String: Int] = [:]) {
        for (id, elements) in marks.sorted(by: { $0.key < $1.key }) {
            guard let chart = chart(id, in: dom) else {
                Issue.record("chart \(id) is missing from the rendered page")
                continue
            }
            let points = dataPoints(chart) ?? 0
            #expect(points > 0, "chart \(id) is empty")
            let drawn = elements.map { count($0, in: chart) }.reduce(0, +) - (legendMarks[id] ?? 0)
            #expect(drawn == points, "chart \(id) draws \(drawn) marks but claims \(points)")
        }
    }

    /// A PNG of `width` × `height` pixels with more than `minimumBytes` bytes in it.
    static func expectScreenshot(_ url: URL, width: UInt32, height: UInt32, minimumBytes: Int) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        guard bytes.count > 24 else {
            Issue.record("the screenshot has only \(bytes.count) bytes")
            return
        }
        func bigEndian(_ offset: Int) -> UInt32 { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        #expect((bigEndian(16), bigEndian(20)) == (width, height))
        #expect(bytes.count > minimumBytes, "the screenshot has only \(bytes.count) bytes: is the page blank?")
    }

    static let sessionMarks: [String: [String]] = [
        "offset-scatter": ["<circle class=\"hit ", "<path class=\"miss\""],
        "offset-histogram": ["<rect class=\"bin "],
        "beat-offsets": ["<rect class=\"beat "],
        "bar-means": ["<circle class=\"bar-point"],
    ]

    @Test func sessionPageRendersEveryChart() throws {
        guard let chromium = Chromium.require() else { return }
        let directory = try TactusBinary.scratchFolder()
        let report = try SampleReports.report(
            seed: 9, createdAt: "2026-03-03T18:03:00+01:00", preset: "Groove <1> & \"more\"", bars: 32, gap: GapPattern(playBars: 4, muteBars: 2))
        try SampleReports.write(report, as: "session.json", in: directory)
        #expect(try TactusBinary.run(["report", "html", "session.json", "--out", "session.html"], in: directory).exitCode == 0)
        let page = directory.appendingPathComponent("session.html")

        let dom = try Chromium.run(chromium, page: page, arguments: ["--dump-dom"], in: directory)
        #expect(dom.contains("<h1>Groove &lt;1&gt; &amp; \"more\" · 97 BPM 4/4</h1>"))
        Self.expectCharts(Self.sessionMarks, in: dom)
        #expect(Self.chart("offset-scatter", in: dom).flatMap(Self.dataPoints) == report.hits.filter { !$0.countIn }.count + report.misses.count)
        // The simulated groove's three voices, a table row each.
        #expect(dom.contains("<h3>By voice</h3>"))
        #expect(report.byVoice.map(\.voice) == ["kick", "snare", "hi-hat"])
        for voice in report.byVoice { #expect(dom.contains("<td class=\"text\">\(voice.voice)</td><td>\(voice.hits)</td>"), "\(voice.voice)") }

        let screenshot = directory.appendingPathComponent("session.png")
        _ = try Chromium.run(chromium, page: page, arguments: ["--window-size=900,2000", "--screenshot=\(screenshot.path)"], in: directory)
        try Self.expectScreenshot(screenshot, width: 900, height: 2000, minimumBytes: 60_000)
    }

    @Test func historyPageRendersCalendarAndTrends() throws {
        guard let chromium = Chromium.require() else { return }
        let directory = try TactusBinary.scratchFolder()
        let days = ["2026-02-10", "2026-02-11", "2026-02-14", "2026-02-20", "2026-02-21", "2026-03-01", "2026-03-02"]
        for (index, day) in days.enumerated() {
            let player = SimulatedPlayer(meanOffsetMs: 8 - Double(index), spreadMs: 12 - Double(index))
            let report = try SampleReports.report(
                seed: UInt64(index + 1), createdAt: "\(day)T18:00:00+01:00", preset: index % 2 == 0 ? "Groove 1" : "Sixteenths",
                bars: 8 + 4 * index, player: player)
            try SampleReports.write(report, as: "\(day).json", in: directory)
        }
        #expect(try TactusBinary.run(["report", "html", ".", "--out", "history.html"], in: directory).exitCode == 0)
        let page = directory.appendingPathComponent("history.html")

        let dom = try Chromium.run(chromium, page: page, arguments: ["--dump-dom"], in: directory)
        var marks = Self.sessionMarks
        marks["practice-calendar"] = ["<rect class=\"day level-1", "<rect class=\"day level-2", "<rect class=\"day level-3", "<rect class=\"day level-4"]
        marks["trend-mean-abs"] = ["<circle class=\"session-point"]
        marks["trend-score"] = ["<circle class=\"session-point"]
        // The calendar's legend shows one square of each level.
        Self.expectCharts(marks, in: dom, legendMarks: ["practice-calendar": 4])
        #expect(Self.chart("practice-calendar", in: dom).flatMap(Self.dataPoints) == days.count)
        #expect(Self.chart("trend-score", in: dom).flatMap(Self.dataPoints) == days.count)

        let screenshot = directory.appendingPathComponent("history.png")
        _ = try Chromium.run(chromium, page: page, arguments: ["--window-size=900,1600", "--screenshot=\(screenshot.path)"], in: directory)
        try Self.expectScreenshot(screenshot, width: 900, height: 1600, minimumBytes: 60_000)
    }

    /// Laid out 400 px wide (the page's own width; headless Chromium's window
    /// is wider): the smallest chart text in px on screen, and how many
    /// panels and cards are wider than themselves (a table or chart cut off).
    static func phoneLayout(of page: URL, chromium: URL, in directory: URL) throws -> (leastTextPx: Double, overflowing: Int)? {
        let probe = """
            <style>html { width: 400px; }</style>
            <script>
            window.addEventListener('load', () => {
              let least = 1e9;
              for (const svg of document.querySelectorAll('svg.chart')) {
                const scale = svg.getScreenCTM().a;
                for (const text of svg.querySelectorAll('text')) {
                  least = Math.min(least, parseFloat(getComputedStyle(text).fontSize) * scale);
                }
              }
              const overflowing = [...document.querySelectorAll('.panel, .card')].filter(box => box.scrollWidth > box.clientWidth).length;
              const out = document.createElement('pre');
              out.id = 'layout';
              out.textContent = `least ${least.toFixed(2)} overflowing ${overflowing}`;
              document.body.appendChild(out);
            });
            </script>
            """
        let probed = directory.appendingPathComponent("probed-" + page.lastPathComponent)
        try Data((try String(contentsOf: page, encoding: .utf8) + probe).utf8).write(to: probed)
        let dom = try Chromium.run(chromium, page: probed, arguments: ["--dump-dom"], in: directory)
        guard let start = dom.range(of: "<pre id=\"layout\">least ") else { return nil }
        let words = dom[start.upperBound...].prefix { $0 != "<" }.split(separator: " ")
        guard words.count == 3, let least = Double(words[0]), let overflowing = Int(words[2]) else { return nil }
        return (least, overflowing)
    }

    /// At phone width the charts keep their text at 10 px or more (they
    /// scroll sideways instead of shrinking) and tables scroll inside their
    /// panels rather than overflow them.
    @Test func phoneWidthKeepsTextReadableAndPanelsWhole() throws {
        guard let chromium = Chromium.require() else { return }
        let directory = try TactusBinary.scratchFolder()
        for (index, hour) in [10, 11, 12, 13, 14, 15].enumerated() {
            let report = try SampleReports.report(seed: UInt64(index + 1), createdAt: "2026-03-03T\(hour):00:00+01:00", bars: 8)
            try SampleReports.write(report, as: "s\(index).json", in: directory)
        }
        #expect(try TactusBinary.run(["report", "html", "s0.json", "--out", "session.html"], in: directory).exitCode == 0)
        #expect(try TactusBinary.run(["report", "html", ".", "--out", "history.html"], in: directory).exitCode == 0)
        for name in ["session.html", "history.html"] {
            let page = directory.appendingPathComponent(name)
            let layout = try #require(try Self.phoneLayout(of: page, chromium: chromium, in: directory))
            #expect(layout.leastTextPx >= 9.99, "\(name): chart text of \(layout.leastTextPx) px")
            #expect(layout.overflowing == 0, "\(name): \(layout.overflowing) panels wider than themselves")
            let screenshot = directory.appendingPathComponent(name + ".png")
            _ = try Chromium.run(chromium, page: page, arguments: ["--window-size=400,2400", "--screenshot=\(screenshot.path)"], in: directory)
            try Self.expectScreenshot(screenshot, width: 400, height: 2400, minimumBytes: 40_000)
        }
    }
}
