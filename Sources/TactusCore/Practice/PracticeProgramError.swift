/// A practice program setting that cannot be used, naming the field
/// (`step`, `everyBars`, `gate.maxSdMs`, `percent`, …).
public struct PracticeProgramError: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
