/// A report or journal that cannot be read or written: the file (or "report"
/// when there is none), and where and what is wrong, on one line.
public struct ReportError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)".oneLine }
}
