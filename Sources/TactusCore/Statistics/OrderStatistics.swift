/// Median and percentiles, which need every value (taken from the hit list).
public enum OrderStatistics {
    /// The middle value, or the mean of the two middle values; nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Nearest-rank percentile: the value at rank ⌈p/100 × n⌉ (1-based) of the
    /// sorted values, so p95 of 20 values is the 19th. nil when empty.
    public static func nearestRank(_ percent: Int, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = (min(max(percent, 0), 100) * sorted.count + 99) / 100
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
