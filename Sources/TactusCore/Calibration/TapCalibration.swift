/// Latency calibration by tapping along with the click: the player taps a pad
/// or key on each click, and each tap's offset from its click (hit minus
/// click, in ms, as the scorer computes it with no compensation) measures
/// how late the player's hits reach tactus when played on the beat.
///
/// The first taps are dropped while the player settles in; taps further from
/// the median than `outlierMADs` median absolute deviations (and at least
/// `minimumOutlierDistanceMs`) are rejected; the median of the rest is the
/// compensation.
public struct TapCalibration: Hashable, Sendable {
    /// Taps to ask the player for.
    public var tapCount: Int
    /// Taps at the start left out.
    public var settlingTaps: Int
    /// Taps further than this many MADs from the median are outliers.
    public var outlierMADs: Double
    /// Outliers are never closer to the median than this, so that taps
    /// quantised to whole milliseconds, many of them equal, are not rejected
    /// for being 1 ms off.
    public var minimumOutlierDistanceMs: Double
    /// Taps needed after settling and rejection.
    public var minimumTaps: Int
    /// SD of the used taps up to which the result is good, and up to which fair.
    public var goodSpreadMs: Double
    public var fairSpreadMs: Double

    public init(
        tapCount: Int = 32, settlingTaps: Int = 4, outlierMADs: Double = 3, minimumOutlierDistanceMs: Double = 1,
        minimumTaps: Int = 8, goodSpreadMs: Double = 5, fairSpreadMs: Double = 10
    ) {
        self.tapCount = tapCount
        self.settlingTaps = settlingTaps
        self.outlierMADs = outlierMADs
        self.minimumOutlierDistanceMs = minimumOutlierDistanceMs
        self.minimumTaps = minimumTaps
        self.goodSpreadMs = goodSpreadMs
        self.fairSpreadMs = fairSpreadMs
    }

    /// Measures the compensation from the taps' offsets in tap order.
    /// - Throws: when an offset is not a number or too few taps remain.
    public func measure(offsetsMs: [Double]) throws(SettingError) -> TapCalibrationResult {
        for (index, offset) in offsetsMs.enumerated() where !offset.isFinite {
            throw SettingError(field: "taps[\(index)]", message: "\(offset) is not a number of milliseconds")
        }
        let settle = max(settlingTaps, 0)
        let needed = settle + max(minimumTaps, 1)
        guard offsetsMs.count >= needed else {
            throw SettingError(
                field: "taps",
                message: "\(offsetsMs.count) taps are too few: \(needed) are needed (the first \(settle) only settle in); tap along again")
        }
        let settled = Array(offsetsMs.indices.dropFirst(settle))
        let center = OrderStatistics.median(settled.map { offsetsMs[$0] }) ?? 0
        let mad = OrderStatistics.median(settled.map { abs(offsetsMs[$0] - center) }) ?? 0
        let limit = max(outlierMADs * mad, minimumOutlierDistanceMs)
        let used = settled.filter { abs(offsetsMs[$0] - center) <= limit }
        let rejected = settled.filter { abs(offsetsMs[$0] - center) > limit }
        guard used.count >= max(minimumTaps, 1) else {
            throw SettingError(
                field: "taps",
                message: "only \(used.count) of \(settled.count) taps agree (\(max(minimumTaps, 1)) needed); tap along again, more steadily")
        }
        let values = used.map { offsetsMs[$0] }
        let latency = OrderStatistics.median(values) ?? 0
        let moments = RunningMoments(values)
        let spread = moments.sampleStandardDeviation ?? 0
        let quality: CalibrationQuality = spread <= goodSpreadMs ? .good : spread <= fairSpreadMs ? .fair : .poor
        return TapCalibrationResult(
            latencyMs: latency, madMs: OrderStatistics.median(values.map { abs($0 - latency) }) ?? 0, sdMs: spread,
            usedTaps: used, rejectedTaps: rejected, quality: quality)
    }
}
