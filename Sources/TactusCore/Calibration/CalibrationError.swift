/// A calibration that cannot be made or a calibration file that cannot be
/// read: the file (when there is one), the field or input at fault, and what
/// to do about it, on one line.
public struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file read, or nil for measurements.
    public var file: String?
    /// `taps`, `taps[5]`, `sentFrames`, `devices["Scarlett 2i2"].latencyMs`, …
    public var field: String
    public var message: String

    public init(file: String? = nil, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        let place = field.isEmpty ? "" : "\(field): "
        return (file.map { "\($0): \(place)\(message)" } ?? "\(place)\(message)").oneLine
    }
}
