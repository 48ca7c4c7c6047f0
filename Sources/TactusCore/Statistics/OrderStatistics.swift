/// Median and percentiles, which need every value (taken from the hit list).
/// Each is found by selection, in time linear in the values, not by sorting.
public enum OrderStatistics {
    /// The middle value, or the mean of the two middle values; nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        var values = values
        return median(reordering: &values)
    }

    /// The median of `values`, which are reordered on the way.
    static func median(reordering values: inout [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let middle = values.count / 2
        if values.count % 2 == 1 { return select(middle, in: &values) }
        let lower = select(middle - 1, in: &values)
        // Everything after the lower middle value is at least as large.
        let upper = values[middle...].min() ?? lower
        return (lower + upper) / 2
    }

    /// Nearest-rank percentile: the value at rank ⌈p/100 × n⌉ (1-based) of the
    /// sorted values, so p95 of 20 values is the 19th. nil when empty.
    public static func nearestRank(_ percent: Int, of values: [Double]) -> Double? {
        var values = values
        return nearestRank(percent, reordering: &values)
    }

    /// The nearest-rank percentile of `values`, which are reordered on the way.
    static func nearestRank(_ percent: Int, reordering values: inout [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = (min(max(percent, 0), 100) * values.count + 99) / 100
        return select(min(max(rank, 1), values.count) - 1, in: &values)
    }

    /// The value `rank` (from 0) would have if `values` were sorted in
    /// ascending order. `values` are reordered so that none before that place
    /// is larger and none after it smaller. They must not be NaN.
    static func select(_ rank: Int, in values: inout [Double]) -> Double {
        values.withUnsafeMutableBufferPointer { v in
            var low = 0
            var high = v.count - 1
            while low < high {
                let pivot = medianOfThree(v[low], v[low + (high - low) / 2], v[high])
                // Three ways, as offsets repeat often: [low, less) < pivot,
                // [less, next) == pivot, (greater, high] > pivot.
                var less = low
                var next = low
                var greater = high
                while next <= greater {
                    if v[next] < pivot {
                        v.swapAt(less, next)
                        less += 1
                        next += 1
                    } else if v[next] > pivot {
                        v.swapAt(next, greater)
                        greater -= 1
                    } else {
                        next += 1
                    }
                }
                if rank < less {
                    high = less - 1
                } else if rank > greater {
                    low = greater + 1
                } else {
                    return pivot
                }
            }
            return v[rank]
        }
    }

    private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
        max(min(a, b), min(max(a, b), c))
    }
}
