/// Streaming timing statistics of one group of hits (the whole session, the
/// bars without click, one beat of the bar, one note, one bar …), O(1) per hit.
///
/// Matched hits (inside the ok window) feed the offset statistics; extras and
/// misses are only counted.
public struct OffsetStatistics: Hashable, Sendable {
    /// Offsets of matched hits in ms.
    public private(set) var offsets = RunningMoments()
    /// |offset| of matched hits in ms.
    public private(set) var absoluteOffsets = RunningMoments()
    /// Offset (ms) against the grid position's time (minutes from the origin).
    public private(set) var trend = RunningRegression()
    public private(set) var autocorrelation = RunningAutocorrelation()
    /// Inter-onset-interval deviations in ms: for each matched hit at another
    /// grid position than the matched hit before it, (this hit − that hit) −
    /// (this grid position − that grid position), which equals the difference
    /// of their offsets.
    public private(set) var interOnsetDeviations = RunningMoments()
    public private(set) var perfect = 0
    public private(set) var good = 0
    public private(set) var ok = 0
    public private(set) var extras = 0
    public private(set) var misses = 0
    private var previousPosition: GridPosition?
    private var previousOffsetMs = 0.0

    public init() {}

    /// Adds a hit inside the ok window; `gridTimeS` is its grid position's time
    /// in seconds from the origin.
    public mutating func addMatched(offsetMs: Double, grade: HitGrade, position: GridPosition, gridTimeS: Double) {
        switch grade {
        case .perfect: perfect += 1
        case .good: good += 1
        case .ok: ok += 1
        case .extra:
            addExtra()
            return
        }
        offsets.add(offsetMs)
        absoluteOffsets.add(abs(offsetMs))
        trend.add(x: gridTimeS / 60, y: offsetMs)
        autocorrelation.add(offsetMs)
        if let previousPosition, previousPosition != position {
            interOnsetDeviations.add(offsetMs - previousOffsetMs)
        }
        previousPosition = position
        previousOffsetMs = offsetMs
    }

    public mutating func addExtra() { extras += 1 }

    public mutating func addMiss() { misses += 1 }

    /// Hits inside the ok window.
    public var matched: Int { perfect + good + ok }
    /// Every hit: matched and extras.
    public var hits: Int { matched + extras }

    public var meanOffsetMs: Double? { offsets.mean }
    /// Sample standard deviation (n − 1).
    public var sdOffsetMs: Double? { offsets.sampleStandardDeviation }
    public var meanAbsOffsetMs: Double? { absoluteOffsets.mean }
    /// Least-squares slope of offset against time, in ms per minute; positive
    /// means the player gets later as the session goes on.
    public var driftMsPerMinute: Double? { trend.slope }
    public var lag1Autocorrelation: Double? { autocorrelation.lag1 }
    /// Sample standard deviation of the inter-onset-interval deviations, in ms.
    public var ioiSdMs: Double? { interOnsetDeviations.sampleStandardDeviation }
}
