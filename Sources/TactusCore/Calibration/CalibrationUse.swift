/// The stored calibration a session scored with: the device entry it was
/// taken from and what was measured. Its `latencyMs` is part of the
/// session's `LatencyCompensation.userOffsetMs`.
public struct CalibrationUse: Hashable, Sendable {
    /// The entry's name in `calibration.json`.
    public var device: String
    public var calibration: DeviceCalibration

    public init(device: String, calibration: DeviceCalibration) {
        self.device = device
        self.calibration = calibration
    }

    /// "2.000 ms from the tap calibration of 'TD-17' (2025-03-01T10:00:00Z)".
    public var description: String {
        "\(NumberText.signed(calibration.latencyMs, 3)) ms from the \(calibration.method.rawValue) calibration of '\(device)' (\(CalibrationStore.dateStyle.format(calibration.measuredAt)))"
    }
}
