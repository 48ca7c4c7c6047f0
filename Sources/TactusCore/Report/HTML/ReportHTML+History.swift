extension ReportHTML {
    /// The page for many sessions: totals and streak, a calendar of practice
    /// days, mean |offset| and score across sessions, tables per preset and
    /// per session, then the latest session in full (`latest`, the last
    /// session whole; its digest will do for all else). Days are counted as
    /// `PracticeHistory` counts them with `utcOffset`.
    public static func historyPage(_ reports: [PracticeReport], latest: PracticeReport? = nil, utcOffset: ((Double) -> Int)? = nil) -> String {
        let history = PracticeHistory(reports, utcOffset: utcOffset)
        let total = history.total
        var html = "<header class=\"masthead\"><p class=\"eyebrow\">tactus practice history</p>"
        html += "<h1>\(total.sessions) session\(total.sessions == 1 ? "" : "s") · \(NumberText.fixed(total.minutes, 1)) minutes</h1>"
        if let first = history.days.first?.day, let last = history.latestDay {
            html += "<p class=\"meta\">\(first == last ? "on \(first)" : "from \(first) to \(last)")</p>"
        }
        html += "</header>"

        let streak = history.streakDays
        html += "<section class=\"cards\">"
        html += card("Streak", "\(streak)", unit: streak == 1 ? "day" : "days", note: history.latestDay.map { "up to \($0)" } ?? "no dated sessions",
                     class: "card score")
        html += card("Days practised", "\(history.days.count)", unit: "", note: "\(total.sessions) sessions")
        html += card("Minutes", NumberText.fixed(total.minutes, 1), unit: "", note: "\(total.hits) hits")
        html += card("Mean |offset|", ReportSummaryText.optional(total.meanAbsOffsetMs), unit: "ms",
                     note: "over every matched hit")
        html += "</section>"

        html += panel(title: "Practice days", caption: "Each square is a day; the darker, the more minutes practised.",
                      chart: SVGChart.practiceCalendar(history))
        html += "<div class=\"pair\">"
        html += panel(
            title: "Mean |offset| across sessions", caption: "Lower is tighter. Sessions without hits are left out.",
            chart: SVGChart.sessionTrend(
                history, id: "trend-mean-abs", label: "Mean absolute offset of each session over time", title: "mean |offset| ms",
                value: { $0.summary.meanAbsOffsetMs }, format: ReportSummaryText.trimmed))
        html += panel(
            title: "Score across sessions", caption: "0–100; higher is better. Sessions without hits are left out.",
            chart: SVGChart.sessionTrend(
                history, id: "trend-score", label: "Score of each session over time", title: "score",
                fixedRange: 0...100, value: { $0.summary.score }, format: { NumberText.fixed($0, 0) }))
        html += "</div>"

        let presets = ReportSummaryText.totalsRows("preset", history.presets.map { ($0.preset ?? "no preset", $0.totals) })
        html += "<section class=\"panel\"><h2>By preset</h2>" + table(header: presets.header, rows: presets.rows)
        html += "<h3>Sessions</h3>" + table(
            header: ["date", "preset", "BPM", "minutes", "score", "mean ms", "mean |offset| ms"],
            rows: history.sessions.reversed().map { report in
                let s = report.summary
                let seconds = s.durationS + (report.withoutClick?.durationS ?? 0)
                return [shortTime(report.createdAt), report.settings.preset ?? "–", "\(report.settings.tempo)", NumberText.fixed(seconds / 60, 1),
                        NumberText.fixed(s.score, 1), ReportSummaryText.optional(s.meanOffsetMs, signed: true),
                        ReportSummaryText.optional(s.meanAbsOffsetMs)]
            }, textColumns: [0, 1])
        html += "</section>"

        if let latest = latest ?? history.sessions.last {
            html += sessionBody(latest, heading: .section)
        }
        return document(title: "tactus practice history", body: html)
    }

    /// "2026-03-01 18:00" for "2026-03-01T18:00:00+01:00"; other text as it is.
    static func shortTime(_ createdAt: String) -> String {
        guard ReportTimestamp(parsing: createdAt) != nil, createdAt.count >= 16 else { return createdAt }
        return String(createdAt.prefix(10)) + " " + String(createdAt.dropFirst(11).prefix(5))
    }
}
