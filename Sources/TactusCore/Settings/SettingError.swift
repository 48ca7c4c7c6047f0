/// A setting that cannot be used: the field at fault and what is wrong,
/// written `field: message`. One type for every kind of setting (a
/// timeline's, scoring's, a practice program's, an analysis', the stroke
/// detector's, a remote command's): the field says which, so an error passes
/// from one layer to the next as it is.
public struct SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting at fault, e.g. `bpm`, `windows.good`, `gate.maxSdMs`.
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
