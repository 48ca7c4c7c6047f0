extension PracticeReport {
    /// This report (the players' hits scored together) as a group report:
    /// each player's own part and the ensemble between them.
    /// Parts of the kit on other click layers (`PlayerReport.layer`) are
    /// counted on other grids: no ensemble is made of them.
    public func withPlayers(_ players: [PlayerReport]) -> PracticeReport {
        var report = self
        report.players = players
        report.ensemble = players.allSatisfy { $0.layer == nil } ? Ensemble.report(players) : nil
        return report
    }

    /// Whether this is a group session's report.
    public var isGroup: Bool { !(players ?? []).isEmpty }
}
