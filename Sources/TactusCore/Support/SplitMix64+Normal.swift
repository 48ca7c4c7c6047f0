import Foundation

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
