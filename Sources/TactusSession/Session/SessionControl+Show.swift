import TactusCore
import TactusEngine

extension SessionControl {
    /// The session's figures so far (hits with the click), for the live view.
    public var statistics: LiveStatistics {
        LiveStatistics(scorer.statistics.withClick)
    }

    /// The scoring settings in force (subdivision, swing, windows).
    public var scoring: ScoringSettings {
        scorer.settings
    }

    /// The next frame at which positions nobody played settle as misses,
    /// the session's or a player's (each with their own latency), if any.
    public var nextSettleFrame: Int64? {
        ([scorer] + players.players.map(\.scorer)).compactMap(\.nextSettleFrame).min()
    }

    /// The report as it stands, its settings listing the latency changes;
    /// in a group session with each player's part and the ensemble.
    public func report(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        let report = scorer.report(createdAt: createdAt, source: source, settings: settings)
        guard players.isGroup else { return report }
        return report.withPlayers(players.reports(createdAt: report.createdAt, source: report.source, settings: report.settings))
    }
}
