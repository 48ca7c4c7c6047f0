/// The grid position nearest to a frame, and how far the frame is from it.
public struct GridMatch: Hashable, Sendable {
    /// The nearest grid position.
    public var position: GridPosition
    /// The exact (rounded once) frame of that position.
    public var frame: Int64
    /// Queried frame minus `frame`: positive is late.
    public var offsetFrames: Int64
}
