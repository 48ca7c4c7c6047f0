/// A small seeded random number generator (Steele, Lea and Flood's SplitMix64):
/// the same seed gives the same numbers on every platform, so noise voices
/// and randomised tests are reproducible.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    public var state: UInt64

    @inlinable @_noLocks @_noAllocation
    public init(seed: UInt64) {
        state = seed
    }

    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [-1, 1).
    public mutating func nextSignedUnit() -> Double {
        Double(next() >> 11) / Double(1 << 52) - 1
    }
}
