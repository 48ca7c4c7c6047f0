extension PracticeReport {
    /// This report (the players' hits scored together) as a group report:
    /// each player's own part and the ensemble between them.
    public func withPlayers(_ players: [PlayerReport]) -> PracticeReport {
        var report = self
        report.players = players
        report.ensemble = Ensemble.report(players)
        return report
    }

    /// Whether this is a group session's report.
    public var isGroup: Bool { !(players ?? []).isEmpty }
}
