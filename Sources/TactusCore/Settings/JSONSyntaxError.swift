/// Text that is not strict JSON, with the line and column (from 1) where
/// reading stopped.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
