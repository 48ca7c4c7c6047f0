extension ReportSummaryText {
    /// Sessions over time: one line per session sorted by `createdAt` (ISO 8601
    /// times in one zone sort as text), then one line per preset and tempo
    /// with how its score and SD moved from its first session to its last.
    /// Groups are ordered by preset (sessions without one last), then tempo.
    /// The totals per day and per preset and the streak follow (see `history`;
    /// `utcOffset` as `PracticeHistory` takes it).
    public static func trend(_ reports: [PracticeReport], utcOffset: ((Double) -> Int)? = nil) -> String {
        guard !reports.isEmpty else { return "no sessions\n" }
        let sorted = reports.enumerated().sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }.map(\.element)
        var table = TextTable(
            header: ["date", "preset", "BPM", "score", "mean ms", "SD ms", "in window %", "missed %", "drift ms/min"],
            rightAligned: [false, false, true, true, true, true, true, true, true])
        for report in sorted {
            let s = report.summary
            table.rows.append([
                report.createdAt, report.settings.preset ?? "-", "\(report.settings.tempo)", NumberText.fixed(s.score, 1),
                optional(s.meanOffsetMs, signed: true), optional(s.sdOffsetMs), NumberText.fixed(s.percentInWindow, 1),
                optional(missedPercent(s)), optional(s.driftMsPerMinute, signed: true),
            ])
        }
        var text = "sessions\n" + table.text + "\nby preset and tempo\n"

        struct GroupKey: Hashable {
            var preset: String?
            var tempo: Tempo
        }
        var groups: [GroupKey: [PracticeReport]] = [:]
        for report in sorted {
            groups[GroupKey(preset: report.settings.preset, tempo: report.settings.tempo), default: []].append(report)
        }
        let keys = groups.keys.sorted { a, b in a.preset.sortsBefore(b.preset) ?? (a.tempo < b.tempo) }
        for key in keys {
            let sessions = groups[key] ?? []
            guard let first = sessions.first, let last = sessions.last else { continue }
            var line = "\(key.preset ?? "no preset") at \(key.tempo) BPM: \(sessions.count) session\(sessions.count == 1 ? "" : "s")"
            line += ", score " + movement(first.summary.score, last.summary.score, count: sessions.count, unit: "")
            if let sdFirst = first.summary.sdOffsetMs, let sdLast = last.summary.sdOffsetMs {
                line += ", SD " + movement(sdFirst, sdLast, count: sessions.count, unit: " ms")
            }
            text += line + "\n"
        }
        return text + trendEnsemble(sorted) + "\n" + history(PracticeHistory(reports, utcOffset: utcOffset))
    }

    /// "85.3" for one session, "85.3 -> 90.1 (+4.8)" for more.
    private static func movement(_ first: Double, _ last: Double, count: Int, unit: String) -> String {
        guard count > 1 else { return NumberText.fixed(first, 1) + unit }
        return "\(NumberText.fixed(first, 1)) -> \(NumberText.fixed(last, 1))\(unit) (\(NumberText.signed(last - first, 1)))"
    }
}
