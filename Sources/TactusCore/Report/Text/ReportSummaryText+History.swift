extension ReportSummaryText {
    /// The totals part of `trend`: minutes, hits and mean |offset| per day and
    /// per preset, then the streak and the grand total.
    public static func history(_ history: PracticeHistory) -> String {
        let alignment = [false, true, true, true, true]
        var text = ""
        if !history.days.isEmpty {
            let days = totalsRows("day", history.days.map { ($0.day.description, $0.totals) })
            text += "by day\n" + TextTable(header: days.header, rightAligned: alignment, rows: days.rows).text + "\n"
        }
        let presets = totalsRows("preset", history.presets.map { ($0.preset ?? "no preset", $0.totals) })
        text += "by preset\n" + TextTable(header: presets.header, rightAligned: alignment, rows: presets.rows).text + "\n"

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

    /// A table of sessions' totals, a row a group, its first column (`name`) naming the groups.
    static func totalsRows(_ name: String, _ groups: [(String, PracticeHistory.Totals)]) -> (header: [String], rows: [[String]]) {
        ([name, "sessions", "minutes", "hits", "mean |offset| ms"], groups.map { label, totals in
            [label, "\(totals.sessions)", NumberText.fixed(totals.minutes, 1), "\(totals.hits)", optional(totals.meanAbsOffsetMs)]
        })
    }
}
