extension ReportSummaryText {
    /// The totals part of `trend`: minutes, hits and mean |offset| per day and
    /// per preset, then the streak and the grand total.
    public static func history(_ history: PracticeHistory) -> String {
        func row(_ label: String, _ totals: PracticeHistory.Totals) -> [String] {
            [
                label, "\(totals.sessions)", NumberText.fixed(totals.minutes, 1), "\(totals.hits)",
                optional(totals.meanAbsOffsetMs),
            ]
        }
        let columns = ["sessions", "minutes", "hits", "mean |offset| ms"]
        let alignment = [false, true, true, true, true]
        var text = ""
        if !history.days.isEmpty {
            let days = history.days.map { row($0.day.description, $0.totals) }
            text += "by day\n" + TextTable(header: ["day"] + columns, rightAligned: alignment, rows: days).text + "\n"
        }
        let presets = history.presets.map { row($0.preset ?? "no preset", $0.totals) }
        text += "by preset\n" + TextTable(header: ["preset"] + columns, rightAligned: alignment, rows: presets).text + "\n"

        let streak = history.streakDays
        if let latest = history.latestDay {
            text += "streak: \(streak) day\(streak == 1 ? "" : "s") of practice up to \(latest)\n"
        }
        let total = history.total
        text += "total: \(total.sessions) session\(total.sessions == 1 ? "" : "s"), \(NumberText.fixed(total.minutes, 1)) minutes"
        text += ", \(total.hits) hits, mean |offset| \(ms(total.meanAbsOffsetMs))"
        text += " over \(history.days.count) day\(history.days.count == 1 ? "" : "s")\n"
        return text
    }
}
