/// A run of captured samples and the absolute frame of its first: what the
/// process callback hands the control side through an `SPSCRing`. A cycle's
/// samples go in as many blocks as they fill.
@frozen
public struct AudioBlock: BitwiseCopyable, Sendable {
    /// Most samples one block carries.
    public static let capacity = AudioBlock().capacity
    /// Absolute frame (JACK's cycle counter) of the first sample.
    public var frame: Int64
    /// Samples in use, 0 to `capacity`.
    public var count: Int
    /// Which input the samples came from: the player's index in a group
    /// session, else 0.
    public var source: Int
    /// The samples (a fixed-size tuple: the ring copies the block's bytes).
    public var samples: Samples

    /// `AudioBlock.capacity`, read from a block (realtime code may not
    /// touch a static). Realtime: returns a constant.
    @inlinable
    public var capacity: Int {
        @_noLocks @_noAllocation get { 64 }
    }

    public typealias Samples = (
        Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
        Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
        Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
        Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float
    )

    public init(frame: Int64 = 0, count: Int = 0, source: Int = 0) {
        self.frame = frame
        self.count = count
        self.source = source
        samples = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
    }

    /// The samples in use, in order.
    public var values: [Float] {
        withSamples { Array($0) }
    }

    /// Calls `body` with the samples in use, in order, without copying them.
    public func withSamples<Result>(_ body: (UnsafeBufferPointer<Float>) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: samples) { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: Float.self).prefix(count)))
        }
    }
}
