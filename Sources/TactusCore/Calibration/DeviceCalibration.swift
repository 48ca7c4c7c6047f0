import Foundation

/// The latency compensation measured for one input device.
public struct DeviceCalibration: Hashable, Sendable {
    /// Milliseconds to subtract from every hit: positive when hits arrive late.
    public var latencyMs: Double
    public var method: CalibrationMethod
    /// When it was measured (kept to the second).
    public var measuredAt: Date
    /// How scattered the measurement was (SD in ms).
    public var spreadMs: Double

    public init(latencyMs: Double, method: CalibrationMethod, measuredAt: Date, spreadMs: Double) {
        self.latencyMs = latencyMs
        self.method = method
        self.measuredAt = measuredAt
        self.spreadMs = spreadMs
    }

    /// The largest compensation accepted, in ms either way.
    public static let maximumLatencyMs = 1000.0

    /// Throws when a value is not a number or out of range; `field` names the entry.
    public func validate(field: String) throws(SettingError) {
        guard latencyMs.isFinite, abs(latencyMs) <= Self.maximumLatencyMs else {
            throw SettingError(field: "\(field).latencyMs", message: "must be between -1000 and 1000 ms, got \(latencyMs)")
        }
        guard spreadMs.isFinite, spreadMs >= 0, spreadMs <= Self.maximumLatencyMs else {
            throw SettingError(field: "\(field).spreadMs", message: "must be between 0 and 1000 ms, got \(spreadMs)")
        }
    }
}
