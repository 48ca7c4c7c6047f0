/// What the scorer settled while the grid advanced: the positions found
/// missed and the bars completed, in grid order, for the live view and the journal.
public struct ScorerProgress: Hashable, Sendable {
    public var misses: [MissedPosition] = []
    public var completedBars: [CompletedBar] = []

    public var isEmpty: Bool { misses.isEmpty && completedBars.isEmpty }
}

/// A bar the grid has passed: its length in frames (less for a last bar cut
/// short) and its row of the bar table as it stood then.
public struct CompletedBar: Hashable, Sendable {
    public var frames: Int64
    public var summary: BarSummary
}
