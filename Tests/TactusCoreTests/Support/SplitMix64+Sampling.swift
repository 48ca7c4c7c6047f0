import TactusCore

extension SplitMix64 {
    /// A uniformly random byte.
    mutating func byte() -> UInt8 {
        UInt8(truncatingIfNeeded: next())
    }

    /// A random integer in 0..<`bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
