import Foundation

/// What a tap-along calibration found.
public struct TapCalibrationResult: Hashable, Sendable {
    /// The compensation: the median offset of the used taps (positive: hits arrive late).
    public var latencyMs: Double
    /// Median absolute deviation of the used taps from `latencyMs`.
    public var madMs: Double
    /// Sample standard deviation of the used taps: the spread.
    public var sdMs: Double
    /// Indices (into the offsets measured) of the taps used.
    public var usedTaps: [Int]
    /// Indices of the taps rejected as outliers (settling taps are in neither list).
    public var rejectedTaps: [Int]
    public var quality: CalibrationQuality

    /// One line for the player: "spread 4.1 ms: good", "spread 22.0 ms: tap
    /// again, more steadily", with the outliers left out when there were any.
    public var verdict: String {
        let advice = switch quality {
        case .good: "good"
        case .fair: "usable; tapping again may give a closer value"
        case .poor: "tap again, more steadily"
        }
        let left = rejectedTaps.isEmpty
            ? "" : " (\(rejectedTaps.count) of \(usedTaps.count + rejectedTaps.count) taps left out)"
        return "spread \(NumberText.fixed(sdMs, 1)) ms: \(advice)\(left)"
    }

    /// The entry for the calibration store.
    public func deviceCalibration(measuredAt: Date) -> DeviceCalibration {
        DeviceCalibration(latencyMs: latencyMs, method: .tap, measuredAt: measuredAt, spreadMs: sdMs)
    }
}
