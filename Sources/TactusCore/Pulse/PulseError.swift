/// Why no pulse could be found: too few notes, or none that repeat.
public struct PulseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
