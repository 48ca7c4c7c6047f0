/// The HTML review of practice: one self-contained page (inline style sheet
/// and inline SVG charts, no scripts, nothing fetched) for a session or for a
/// history of sessions. Pure: reports in, page text out. Every text from a
/// report is escaped.
///
/// Charts carry stable ids and a `data-points` count of what they draw:
/// `offset-scatter`, `offset-histogram`, `beat-offsets`, `bar-means` for a
/// session; `practice-calendar`, `trend-mean-abs`, `trend-score` for a history.
public enum ReportHTML {
    /// The page for one session: headline numbers and advice, offsets over
    /// time, the histogram, per-beat and per-bar timing, and the tables.
    public static func page(_ report: PracticeReport) -> String {
        document(title: "tactus report \(report.createdAt)", body: sessionBody(report, heading: .page))
    }

    enum Heading {
        /// The session is the page.
        case page
        /// The session is a section of a history page.
        case section
    }

    /// Everything about one session, from its heading to its tables.
    static func sessionBody(_ report: PracticeReport, heading: Heading) -> String {
        let s = report.summary
        let settings = report.settings
        let tempo = settings.freeTime ? "free time" : "\(settings.tempo) BPM"
        var title = "\(tempo) \(settings.meter)"
        if let preset = settings.preset { title = "\(preset) · " + title }
        var html = heading == .page ? "<header class=\"masthead\"><p class=\"eyebrow\">tactus practice report</p>" : "<section class=\"session\"><header class=\"masthead\"><p class=\"eyebrow\">latest session</p>"
        html += heading == .page ? "<h1>\(HTMLText.escape(title))</h1>" : "<h2>\(HTMLText.escape(title))</h2>"
        html += "<p class=\"meta\">\(HTMLText.escape(report.createdAt)) · \(HTMLText.escape(ReportSummaryText.describe(report.source)))</p>"
        let chips = [
            tempo, "\(settings.meter)", ReportSummaryText.describeSubdivision(settings.scoring),
            "windows \(ReportSummaryText.describe(settings.scoring.windows))", "expected: \(settings.scoring.expected)",
            "\(NumberText.fixed(s.durationS, 1)) s scored",
        ] + (settings.countInBars > 0 ? ["\(settings.countInBars) count-in bar\(settings.countInBars == 1 ? "" : "s")"] : [])
            + (settings.gap.map { ["gap \($0.playBars) + \($0.muteBars) bars"] } ?? [])
        html += "<ul class=\"chips\">" + chips.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul></header>"

        html += cards(for: report)
        html += adviceSection(report)

        html += panel(
            title: "Offset over time",
            caption: (settings.freeTime ? "Against your own pulse (no click): " : "") + "Each dot is a hit: above the line is late, below is early. Shaded: the perfect, good and ok windows\(settings.scoring.windows.unit == .percentOfSubdivision ? " (at the starting tempo)" : ""). × marks a missed position.",
            chart: SVGChart.offsetScatter(report),
            after: legend)
        if settings.freeTime, let pulse = report.pulse, pulse.bars.count > 1 {
            html += panel(
                title: "Tempo, bar by bar",
                caption: "Your own pulse: each bar's beats over its length. Shaded: the bars the advice names (a section faster or slower than the take's trend, or the bar the tempo steps at).",
                chart: SVGChart.tempoCurve(report, pulse: pulse))
        }
        html += panel(title: "Offset histogram", caption: "Hits per 5 ms of offset, coloured by the window they fall in.", chart: SVGChart.offsetHistogram(report))
        html += "<div class=\"pair\">"
        html += panel(title: "By beat", caption: "Mean offset of each beat of the bar: orange bars late (behind the click), blue bars early; whiskers ± one SD.", chart: SVGChart.beatOffsets(report))
        html += panel(title: "Bar by bar", caption: "Mean offset of each bar; the good window shaded, bars without click hollow.", chart: SVGChart.barMeans(report))
        html += "</div>"
        html += tablesPanel(report)
        html += ensembleBody(report)
        return html + (heading == .section ? "</section>" : "")
    }

    static let legend = """
        <div class="legend"><span><i class="perfect"></i>perfect</span><span><i class="good"></i>good</span>\
        <span><i class="ok"></i>ok</span><span><i class="extra"></i>extra</span><span><i class="muted"></i>no click</span>\
        <span><i class="miss">×</i>missed</span></div>
        """

    static func cards(for report: PracticeReport) -> String {
        let s = report.summary
        let windows = report.settings.scoring.windows
        var html = "<section class=\"cards\">"
        let score = max(0, min(100, s.score))
        html += "<div class=\"card score\"><div class=\"label\">Score</div><div class=\"value\">\(NumberText.fixed(s.score, 1)) <small>/ 100</small></div>"
        html += "<div class=\"meter\"><span style=\"width: \(NumberText.fixed(score, 1))%\"></span></div></div>"
        let tendency: String
        let pulse = report.settings.freeTime ? report.pulse : nil
        if pulse != nil {
            // Against one's own pulse the mean says nothing about a click.
            tendency = "against your own pulse"
        } else if let mean = s.meanOffsetMs {
            tendency = mean >= 0.5 ? "late: dragging" : mean <= -0.5 ? "early: rushing" : "centred on the click"
        } else {
            tendency = "no matched hits"
        }
        html += card("Mean offset", ReportSummaryText.optional(s.meanOffsetMs, signed: true), unit: "ms", note: tendency)
        html += card("Spread", ReportSummaryText.optional(s.spreadMs ?? s.sdOffsetMs), unit: "ms",
                     note: "SD \(ReportSummaryText.ms(s.sdOffsetMs)) · median \(ReportSummaryText.ms(s.medianOffsetMs, signed: true))")
        html += card("Mean |offset|", ReportSummaryText.optional(s.meanAbsOffsetMs), unit: "ms",
                     note: "p95 \(ReportSummaryText.ms(s.p95AbsOffsetMs))")
        html += card("In window", NumberText.fixed(s.percentInWindow, 1), unit: "%", note: "within \(ReportSummaryText.goodWindow(windows))")
        html += card("Hits", "\(s.hits)", unit: "", note: "\(s.matched) matched · \(s.extras) extra")
        let expected = s.matched + s.misses
        html += card("Missed", "\(s.misses)", unit: "", note: "of \(expected) expected")
        if let pulse, let first = pulse.bars.first, let last = pulse.bars.last {
            html += card("Tempo", "\(NumberText.fixed(first.bpm, 1)) → \(NumberText.fixed(last.bpm, 1))", unit: "BPM",
                         note: "bar \(first.bar) to bar \(last.bar), your own pulse")
        } else {
            html += card("Drift", ReportSummaryText.optional(s.driftMsPerMinute, signed: true), unit: "ms/min",
                         note: "IOI SD \(ReportSummaryText.ms(s.ioiSdMs))")
        }
        return html + "</section>"
    }

    static func card(_ label: String, _ value: String, unit: String, note: String, class name: String = "card") -> String {
        let unitText = unit.isEmpty || value == "n/a" ? "" : " <small>\(HTMLText.escape(unit))</small>"
        return "<div class=\"\(name)\"><div class=\"label\">\(HTMLText.escape(label))</div><div class=\"value\">\(HTMLText.escape(value))\(unitText)</div>"
            + "<div class=\"note\">\(HTMLText.escape(note))</div></div>"
    }

    static func adviceSection(_ report: PracticeReport) -> String {
        let lines = ReportSummaryText.advice(report)
        // Steady: nothing claimed beyond the spread.
        let steady = report.findings.allSatisfy { $0.kind == .consistency }
        return "<section class=\"panel advice \(steady ? "steady" : "work")\"><h2>Advice</h2><ul>"
            + lines.map { "<li>\(HTMLText.escape(capitalised($0)))</li>" }.joined() + "</ul></section>"
    }

    static func panel(title: String, caption: String, chart: SVGChart, after: String = "", class name: String = "panel") -> String {
        "<section class=\"\(name)\"><h2>\(HTMLText.escape(title))</h2><p class=\"caption\">\(HTMLText.escape(caption))</p><div class=\"scroll\">\(chart.svg)</div>\(after)</section>"
    }

    /// The per-beat table, the position grid, the voices, the worst bars and
    /// the bars without click.
    static func tablesPanel(_ report: PracticeReport) -> String {
        var html = "<section class=\"panel\"><h2>Details</h2>"
        let beats = ReportSummaryText.beatRows(report)
        html += table(header: beats.header, rows: beats.rows)
        if let positions = ReportSummaryText.positionRows(report) {
            html += "<h3>Where in the beat</h3><p class=\"caption\">mean ±SD ms (hits) of each place of the beat over the bars with click</p>"
                + table(header: positions.header, rows: positions.rows)
        }
        if let voices = ReportSummaryText.voiceRows(report) {
            html += "<h3>By voice</h3><p class=\"caption\">each voice's matched hits over the bars with click:"
                + " mean offset with its 95 % interval, SD, median and velocity</p>"
                + table(header: voices.header, rows: voices.rows)
        }
        let worst = ReportSummaryText.worstBars(report.bars, count: 3)
        if !worst.isEmpty {
            html += "<h3>Worst bars</h3>" + table(
                header: ["bar", "missed", "mean |offset| ms", "mean ms"],
                rows: worst.map { bar in
                    ["\(bar.bar)\(bar.muted ? " (no click)" : "")", "\(bar.misses)",
                     ReportSummaryText.optional(bar.meanAbsOffsetMs),
                     ReportSummaryText.optional(bar.meanOffsetMs, signed: true)]
                })
        }
        if let w = report.withoutClick {
            html += "<h3>Without click</h3>" + table(
                header: ["hits", "missed", "mean ms", "SD ms", "score"],
                rows: [["\(w.hits)", "\(w.misses)", ReportSummaryText.optional(w.meanOffsetMs, signed: true),
                        ReportSummaryText.optional(w.sdOffsetMs), NumberText.fixed(w.score, 1)]])
        }
        return html + "</section>"
    }

    /// A table; the columns in `textColumns` hold text (left-aligned), the rest numbers.
    static func table(header: [String], rows: [[String]], textColumns: Set<Int> = [0]) -> String {
        func cell(_ tag: String, _ column: Int, _ content: String) -> String {
            textColumns.contains(column) ? "<\(tag) class=\"text\">\(HTMLText.escape(content))</\(tag)>" : "<\(tag)>\(HTMLText.escape(content))</\(tag)>"
        }
        var html = "<div class=\"scroll\"><table><thead><tr>" + header.enumerated().map { cell("th", $0.offset, $0.element) }.joined() + "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.enumerated().map { cell("td", $0.offset, $0.element) }.joined() + "</tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// The whole document around `body`.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="tactus \(HTMLText.escape(TactusVersion.string))">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(styleSheet)
        </style>
        </head>
        <body>
        <main>
        \(body)
        <footer>Made by tactus \(HTMLText.escape(TactusVersion.string)) · offsets are hit minus click in milliseconds, positive is late</footer>
        </main>
        </body>
        </html>

        """
    }

    static func capitalised(_ line: String) -> String {
        guard let first = line.first else { return line }
        return first.uppercased() + line.dropFirst()
    }
}
