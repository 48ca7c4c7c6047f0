/// Timing of the bars one setlist preset was in force, as the report's
/// `byPreset` lists them (bars with click, like the summary).
public struct PresetSummary: Hashable, Sendable, Codable {
    /// The preset's name as the setlist spells it.
    public var preset: String
    public var summary: TimingSummary
}
