import Foundation

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

extension SplitMix64 {
    /// A standard normal draw (Box–Muller) from two uniform draws in [0, 1)
    /// of 53 bits: the simulated players', tap studies' and tests' noise,
    /// the same on every platform for a seed. Not for the realtime thread.
    public mutating func nextNormal() -> Double {
        let u1 = max(Double(next() >> 11) / Double(1 << 53), 1e-12)
        let u2 = Double(next() >> 11) / Double(1 << 53)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
