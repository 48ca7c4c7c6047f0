extension ReportHTML {
    /// A group report's panels: one a player (their numbers and offsets over
    /// time), one a pair (the asynchrony chart, who leads on each beat, the
    /// adaptation), and the ensemble findings. Empty for one player.
    static func ensembleBody(_ report: PracticeReport) -> String {
        guard let players = report.players, !players.isEmpty else { return "" }
        var html = ""
        for (index, player) in players.enumerated() {
            var own = report
            own.summary = player.summary
            own.hits = player.hits
            own.misses = []
            own.withoutClick = nil
            let s = player.summary
            var chart = SVGChart.offsetScatter(own)
            chart.id = "player-\(index + 1)-offsets"
            let caption = "\(player.port) · hits \(s.hits) (\(s.matched) matched), \(s.misses) missed · mean "
                + "\(ReportSummaryText.ms(s.meanOffsetMs, signed: true)), SD \(ReportSummaryText.ms(s.sdOffsetMs)) · score \(NumberText.fixed(s.score, 1))"
            html += panel(title: player.name, caption: caption, chart: chart, class: "panel player")
        }
        guard let ensemble = report.ensemble else { return html }
        for (index, pair) in ensemble.pairs.enumerated() {
            guard let first = players.first(where: { $0.name == pair.players[0] }),
                  let second = players.first(where: { $0.name == pair.players[1] }) else { continue }
            let series = EnsembleAsynchrony.series(first.hits, second.hits)
            let chart = SVGChart.asynchrony(series, pair: pair, number: index + 1)
            var caption = "\(pair.players[0]) against \(pair.players[1]): each dot a position both played, above the line \(pair.players[0]) is behind."
            if let mean = pair.meanAsynchronyMs {
                caption += " Mean \(NumberText.signed(mean, 1)) ms over \(pair.n)"
                if pair.ci95.count == 2 { caption += " (95 % CI \(ReportSummaryText.interval(pair.ci95)))" }
                caption += "."
            }
            var after = ""
            if !pair.byBeat.isEmpty {
                after += table(
                    header: ["beat", "n", "A − B ms", "ahead", "by ms"],
                    rows: pair.byBeat.map { beat in
                        ["\(beat.beat)", "\(beat.n)", NumberText.signed(beat.meanAsynchronyMs, 1), beat.leader ?? "level", NumberText.fixed(beat.leadMs, 1)]
                    }, textColumns: [3])
            }
            if !pair.adaptation.isEmpty {
                after += table(
                    header: ["player", "adapts to", "share of the other's last deviation", "95 % CI", "n"],
                    rows: pair.adaptation.map { row in
                        [row.player, row.toward, NumberText.signed(row.estimate * 100, 0) + " %",
                         "\(NumberText.signed(row.ci95[0] * 100, 0)) to \(NumberText.signed(row.ci95[1] * 100, 0)) %", "\(row.n)"]
                    }, textColumns: [0, 1, 3])
            }
            html += panel(title: "\(pair.players[0]) and \(pair.players[1])", caption: caption, chart: chart, after: after)
        }
        html += "<section class=\"panel advice ensemble\"><h2>Together</h2><ul>"
        html += ensemble.findings.isEmpty
            ? "<li>No lead or adaptation stands out from the noise.</li>"
            : ensemble.findings.map { "<li>\(HTMLText.escape($0.text))</li>" }.joined()
        return html + "</ul></section>"
    }
}
