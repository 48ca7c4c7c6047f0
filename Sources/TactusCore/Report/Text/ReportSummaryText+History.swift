extension ReportSummaryText {
    /// The totals part of `trend`: minutes, hits and mean |offset| per day and
    /// per preset, then the streak and the grand total.
    public static func history(_ history: PracticeHistory) -> String {
        func row(_ label: String, _ totals: PracticeHistory.Totals) -> [String] {
            [
                label, "\(totals.sessions)", NumberText.fixed(totals.minutes, 1), "\(totals.hits)",
                optional(totals.meanAbsOffsetMs, decimals: 1, signed: false, unit: ""),
            ]
        }
        let columns = ["sessions", "minutes", "hits", "mean |offset| ms"]
        let alignment = [false, true, true, true, true]
        var text = ""
        if !history.days.isEmpty {
            var table = TextTable(header: ["day"] + columns, rightAligned: alignment)
            for day in history.days { table.append(row(day.day.description, day.totals)) }
            text += "by day\n" + table.text + "\n"
        }
        var presets = TextTable(header: ["preset"] + columns, rightAligned: alignment)
        for preset in history.presets { presets.append(row(preset.preset ?? "no preset", preset.totals)) }
        text += "by preset\n" + presets.text + "\n"

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
