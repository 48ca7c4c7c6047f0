/// A setting that cannot be used: the field at fault and what is wrong,
/// written `field: message`. `Domain` tells which settings (a timeline's, a
/// practice program's, scoring's, an analysis'), so each kind stays a type
/// of its own to throw and catch.
public struct SettingError<Domain>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting at fault, e.g. `bpm`, `windows.good`, `gate.maxSdMs`.
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
