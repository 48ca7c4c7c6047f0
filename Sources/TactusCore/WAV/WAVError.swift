/// A WAV file that cannot be read (or written): where and what.
public struct WAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the file where the problem is.
    public var offset: Int
    public var message: String

    public var description: String { "byte \(offset): \(message)" }
}
