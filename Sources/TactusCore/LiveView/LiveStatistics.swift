/// The running numbers the live view shows for the current bar and the session.
public struct LiveStatistics: Hashable, Sendable {
    /// Matched hits and extras.
    public var hits: Int
    public var meanOffsetMs: Double?
    /// Sample standard deviation (n − 1).
    public var sdOffsetMs: Double?
    /// 100 × (perfect + good) / hits, as in the report; nil without hits.
    public var percentInWindow: Double?

    public init(hits: Int = 0, meanOffsetMs: Double? = nil, sdOffsetMs: Double? = nil, percentInWindow: Double? = nil) {
        self.hits = hits
        self.meanOffsetMs = meanOffsetMs
        self.sdOffsetMs = sdOffsetMs
        self.percentInWindow = percentInWindow
    }

    public init(_ statistics: OffsetStatistics) {
        self.init(
            hits: statistics.hits, meanOffsetMs: statistics.meanOffsetMs, sdOffsetMs: statistics.sdOffsetMs,
            percentInWindow: TimingSummary.percentInWindow(perfectAndGood: statistics.perfect + statistics.good, hits: statistics.hits))
    }

    public init(_ summary: TimingSummary) {
        self.init(
            hits: summary.hits, meanOffsetMs: summary.meanOffsetMs, sdOffsetMs: summary.sdOffsetMs,
            percentInWindow: summary.hits > 0 ? summary.percentInWindow : nil)
    }

    /// The mean, SD and share in the window as the view writes them (`+4.2 ms`,
    /// `6.1 ms`, `88%`), `-` for one without enough hits.
    var texts: (mean: String, sd: String, window: String) {
        (meanOffsetMs.map { NumberText.signed($0, 1) + " ms" } ?? "-", sdOffsetMs.map { NumberText.fixed($0, 1) + " ms" } ?? "-",
         percentInWindow.map { NumberText.fixed($0, 0) + "%" } ?? "-")
    }
}
