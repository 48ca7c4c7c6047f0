import Foundation

/// The measured latency compensation of each input device, as kept in
/// `calibration.json`:
///
/// ```json
/// {"schema": "tactus.calibration/1",
///  "devices": {"Scarlett 2i2 USB": {"latencyMs": 12.5, "method": "tap",
///                                   "measuredAt": "2025-03-01T10:00:00Z", "spreadMs": 3.2}}}
/// ```
///
/// Pure: reading and writing the file is the caller's; this turns its bytes
/// into values and back.
public struct CalibrationStore: Hashable, Sendable {
    public static let schema = "tactus.calibration/1"

    /// Calibration per input device name (as the MIDI port or ALSA client calls it).
    public var devices: [String: DeviceCalibration]

    public init(devices: [String: DeviceCalibration] = [:]) {
        self.devices = devices
    }

    public subscript(device: String) -> DeviceCalibration? {
        devices[device]
    }

    /// This store with `calibration` as the one for `device`, replacing any older one.
    public func setting(_ calibration: DeviceCalibration, for device: String) -> CalibrationStore {
        var copy = self
        copy.devices[device] = calibration
        return copy
    }

    /// Both stores together; where both know a device, the later measurement
    /// wins (`other`'s when they were made at the same time).
    public func merging(_ other: CalibrationStore) -> CalibrationStore {
        var copy = self
        for (device, calibration) in other.devices {
            if let mine = devices[device], mine.measuredAt > calibration.measuredAt { continue }
            copy.devices[device] = calibration
        }
        return copy
    }

    /// Where the store lives: `$XDG_CONFIG_HOME/tactus/calibration.json`, or
    /// `~/.config/tactus/calibration.json` when `XDG_CONFIG_HOME` is unset,
    /// empty or relative (as the XDG base directory spec says). nil without
    /// either variable.
    public static func path(environment: [String: String]) -> String? {
        xdgFile("calibration.json", in: "XDG_CONFIG_HOME", orHome: ".config", environment: environment)
    }
}
