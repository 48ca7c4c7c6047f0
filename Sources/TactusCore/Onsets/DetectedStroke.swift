/// A stroke found in audio: the sample its onset falls on and how loud it is.
public struct DetectedStroke: Hashable, Sendable {
    /// Index of the onset's sample from the start of the stream (or the
    /// detector's `firstIndex`).
    public var frame: Int64
    /// Peak level of the stroke's first `StrokeDetector.levelMs`, in dBFS.
    public var levelDb: Double
}
