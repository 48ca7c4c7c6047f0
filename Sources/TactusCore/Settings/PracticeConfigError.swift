/// A practice config that cannot be used: the field (a JSON path such as
/// `tempoMap[1].bar`, or `line 3, column 5` for broken JSON) and what is wrong.
public struct PracticeConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { (field.isEmpty ? message : "\(field): \(message)").oneLine }

    /// The top-level setting the field belongs to: `tempoMap` for `tempoMap[1].bar`.
    public var topLevelField: String {
        String(field.prefix { $0 != "." && $0 != "[" })
    }
}
