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

    /// The next frame at which positions nobody played settle as misses, if any.
    public var nextSettleFrame: Int64? {
        scorer.nextSettleFrame
    }

    /// The report as it stands, its settings listing the latency changes.
    public func report(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        scorer.report(createdAt: createdAt, source: source, settings: settings)
    }
}
