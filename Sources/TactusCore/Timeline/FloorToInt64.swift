/// ⌊x⌋ as an integer, for |x| < 2⁶³. `rounded(.down)` is opaque to the
/// realtime checker; a truncating conversion and one comparison are not.
/// Realtime: arithmetic only.
@inlinable @_noLocks @_noAllocation
public func floorToInt64(_ x: Double) -> Int64 {
    let truncated = Int64(x)
    return Double(truncated) > x ? truncated - 1 : truncated
}
