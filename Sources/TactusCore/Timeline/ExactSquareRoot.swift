/// Square root by Newton's method, correct to the last bit or two for the
/// finite positive values the timeline uses. `Double.squareRoot()` is opaque to
/// the realtime checker; this is plain arithmetic it can verify.
/// Realtime: a bounded number of Newton steps.
@inlinable @_noLocks @_noAllocation
public func exactSquareRoot(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x > 0 ? x : 0 }
    var y = Double(bitPattern: (x.bitPattern >> 1) &+ 0x1FF8_0000_0000_0000)
    var iteration = 0
    while iteration < 6 {
        y = 0.5 * (y + x / y)
        iteration += 1
    }
    return y
}
