/// Limits redraws of the live view to at most one per `minimumInterval`
/// (30 per second by default) without losing the last change: a change that
/// comes too soon is drawn as soon as the interval has passed.
public struct RedrawThrottle: Hashable, Sendable {
    /// Least time between two draws, in nanoseconds.
    public let minimumIntervalNs: UInt64
    public private(set) var lastDrawNs: UInt64?
    /// A change has not been drawn yet.
    public private(set) var isPending = false

    /// ⌈10⁹ / 30⌉ ns: never more than 30 draws in a second.
    public static let thirtyHertzNs: UInt64 = 33_333_334

    public init(minimumIntervalNs: UInt64 = RedrawThrottle.thirtyHertzNs) {
        self.minimumIntervalNs = minimumIntervalNs
    }

    /// Whether to draw now, at monotonic time `nowNs`; `changed` says whether
    /// anything on screen changed since the last call. When it answers true the
    /// caller draws, and the draw counts from `nowNs`.
    public mutating func shouldDraw(atNs nowNs: UInt64, changed: Bool) -> Bool {
        if changed { isPending = true }
        guard isPending else { return false }
        if let last = lastDrawNs, nowNs < last || nowNs - last < minimumIntervalNs {
            return false
        }
        lastDrawNs = nowNs
        isPending = false
        return true
    }

    /// When a pending change may be drawn (for a poll timeout); nil when
    /// nothing is pending.
    public var nextDrawNs: UInt64? {
        guard isPending else { return nil }
        guard let last = lastDrawNs else { return 0 }
        let (sum, overflow) = last.addingReportingOverflow(minimumIntervalNs)
        return overflow ? UInt64.max : sum
    }
}
