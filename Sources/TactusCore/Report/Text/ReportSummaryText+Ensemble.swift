extension ReportSummaryText {
    /// A group report's part of `show`: one row a player, one a pair (with
    /// who leads on each beat and how far each adapts to the other), and the
    /// ensemble findings; for parts of a kit on click layers
    /// (`--voice-layer`), each part's advice instead of an ensemble. Empty
    /// for one player.
    public static func ensemble(_ report: PracticeReport) -> String {
        guard let players = report.players, !players.isEmpty else { return "" }
        var text = "\nplayers\n"
        var table = TextTable(
            header: ["player", "port", "hits", "matched", "missed", "mean ms", "SD ms", "score"],
            rightAligned: [false, false, true, true, true, true, true, true])
        for player in players {
            let s = player.summary
            table.rows.append([
                player.name, player.port, "\(s.hits)", "\(s.matched)", "\(s.misses)",
                optional(s.meanOffsetMs, signed: true), optional(s.sdOffsetMs), NumberText.fixed(s.score, 1),
            ])
        }
        text += table.text
        // Parts of the kit on their own click layers: each part's advice.
        for player in players where player.layer != nil {
            text += "\nadvice for \(player.name) (\((player.voices ?? []).joined(separator: ", ")) against layer \(player.layer ?? 0))\n"
            text += player.findings.isEmpty ? "nothing to judge\n" : player.findings.map { $0.text + "\n" }.joined()
        }
        guard let ensemble = report.ensemble else { return text }
        text += "\nensemble (asynchrony: A's offset minus B's on positions both played; + A behind)\n"
        var pairs = TextTable(
            header: ["A", "B", "n", "mean ms", "SD ms", "95 % CI ms"], rightAligned: [false, false, true, true, true, true])
        for pair in ensemble.pairs {
            pairs.rows.append([
                pair.players[0], pair.players[1], "\(pair.n)", optional(pair.meanAsynchronyMs, signed: true),
                optional(pair.sdAsynchronyMs), pair.ci95.count == 2 ? interval(pair.ci95) : "-",
            ])
        }
        text += pairs.text
        for pair in ensemble.pairs where !pair.byBeat.isEmpty || !pair.adaptation.isEmpty {
            text += "\(pair.players[0]) and \(pair.players[1])\n"
            if !pair.byBeat.isEmpty {
                let leads = pair.byBeat.map { beat in
                    "\(beat.beat) " + (beat.leader.map { "\($0) \(NumberText.fixed(beat.leadMs, 1))" } ?? "level")
                }
                text += "  ahead by beat (ms): " + leads.joined(separator: ", ") + "\n"
            }
            for adaptation in pair.adaptation {
                text += "  \(adaptation.player) takes up \(NumberText.signed(adaptation.estimate * 100, 0)) % of \(adaptation.toward)'s last deviation"
                text += " (95 % CI \(NumberText.signed(adaptation.ci95[0] * 100, 0)) to \(NumberText.signed(adaptation.ci95[1] * 100, 0)), n = \(adaptation.n))\n"
            }
        }
        text += "\nensemble advice\n"
        text += ensemble.findings.isEmpty
            ? "together: no lead or adaptation stands out from the noise\n"
            : ensemble.findings.map { $0.text + "\n" }.joined()
        return text
    }
}
