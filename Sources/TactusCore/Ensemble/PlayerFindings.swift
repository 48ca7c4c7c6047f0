/// The findings of one player in a group session: the same evidence-based
/// claims a single player's report makes, from that player's own report.
public enum PlayerFindings {
    /// The findings for `report`, one player's scoring of a group session.
    public static func compute(_ report: PracticeReport) -> [Finding] {
        Findings.of(report)
    }
}
