extension ReportSummaryText {
    /// The group part of `compare`: for each player in both sessions their
    /// score, mean offset and SD, and for each pair in both its mean
    /// asynchrony, A then B and the change. Empty unless both are group sessions.
    public static func compareEnsemble(_ a: PracticeReport, _ b: PracticeReport, labels: (String, String) = ("A", "B")) -> String {
        guard let playersA = a.players, let playersB = b.players, !playersA.isEmpty, !playersB.isEmpty else { return "" }
        var table = TextTable(header: ["player", "metric", labels.0, labels.1, "change"], rightAligned: [false, false, true, true, true])
        func row(_ name: String, _ metric: ReportMetric, _ x: Double?, _ y: Double?) {
            table.rows.append([name, metric.name, metric.format(x), metric.format(y), metric.change(from: x, to: y)])
        }
        for player in playersA {
            guard let other = playersB.first(where: { $0.name == player.name }) else { continue }
            // The first of `compare`'s metrics: score, mean offset and SD.
            for metric in metrics.prefix(3) { row(player.name, metric, metric.value(player.summary), metric.value(other.summary)) }
        }
        let asynchrony = ReportMetric(name: "asynchrony ms", decimals: 1, signed: true, better: .nearerZero) { _ in nil }
        for pair in a.ensemble?.pairs ?? [] {
            guard let other = b.ensemble?.pairs.first(where: { $0.players == pair.players }) else { continue }
            row("\(pair.players[0]) - \(pair.players[1])", asynchrony, pair.meanAsynchronyMs, other.meanAsynchronyMs)
        }
        return table.rows.isEmpty ? "" : "\nplayers and pairs (asynchrony: A's offset minus B's; + A behind)\n" + table.text
    }

    /// The group part of `trend`, its sessions `sorted` as it sorts them: one line per
    /// group session and pair with the pair's mean asynchrony and its interval. Empty without group sessions.
    static func trendEnsemble(_ sorted: [PracticeReport]) -> String {
        var table = TextTable(header: ["date", "A", "B", "n", "asynchrony ms", "95 % CI ms"], rightAligned: [false, false, false, true, true, true])
        for report in sorted {
            for pair in report.ensemble?.pairs ?? [] {
                table.rows.append([
                    report.createdAt, pair.players[0], pair.players[1], "\(pair.n)",
                    optional(pair.meanAsynchronyMs, signed: true), pair.ci95.count == 2 ? interval(pair.ci95) : "-",
                ])
            }
        }
        return table.rows.isEmpty ? "" : "\ngroup sessions (asynchrony: A's offset minus B's; + A behind)\n" + table.text
    }
}
