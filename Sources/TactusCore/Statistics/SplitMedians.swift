/// The medians of the two sides of a series split at each point in turn
/// (`values[..<at]` and `values[at...]`), in O(log n) a split after one sort:
/// a Fenwick tree over the values' ranks marks those before the split, and
/// the k-th smallest of either side is found by descending it.
struct SplitMedians {
    private let sorted: [Double]
    /// The rank in `sorted` of each value, in series order (equal values get
    /// ranks of their own).
    private let ranks: [Int]
    /// Counts of marked ranks (the values before the split), 1-based.
    private var tree: [Int]
    private let highestPower: Int
    /// Values before the split.
    private(set) var split = 0

    init(_ values: [Double]) {
        let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
        sorted = order.map { values[$0] }
        var ranks = [Int](repeating: 0, count: values.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        self.ranks = ranks
        tree = [Int](repeating: 0, count: values.count + 1)
        var power = 1
        while power * 2 <= values.count { power *= 2 }
        highestPower = power
    }

    /// Moves the split one value on: the next value joins the side before it.
    mutating func advance() {
        var position = ranks[split] + 1
        while position < tree.count {
            tree[position] += 1
            position += position & -position
        }
        split += 1
    }

    /// The median of the values before the split; nil when there are none.
    var before: Double? { median(count: split, smallest: { kthMarked($0) }) }

    /// The median of the values from the split on; nil when there are none.
    var after: Double? { median(count: sorted.count - split, smallest: { kthUnmarked($0) }) }

    private func median(count: Int, smallest: (Int) -> Int) -> Double? {
        guard count > 0 else { return nil }
        let upper = sorted[smallest(count / 2 + 1)]
        return count % 2 == 1 ? upper : (sorted[smallest(count / 2)] + upper) / 2
    }

    /// The rank (0-based) of the k-th smallest (1-based) marked value.
    private func kthMarked(_ k: Int) -> Int {
        descend(k) { position, step in tree[position + step] }
    }

    /// The rank (0-based) of the k-th smallest (1-based) unmarked value.
    private func kthUnmarked(_ k: Int) -> Int {
        descend(k) { position, step in step - tree[position + step] }
    }

    /// Descends the tree for the smallest rank whose prefix holds `k`, where
    /// `count(position, step)` is what the node covering `position + 1 ...
    /// position + step` holds.
    private func descend(_ k: Int, _ count: (Int, Int) -> Int) -> Int {
        var position = 0, left = k, step = highestPower
        while step > 0 {
            if position + step < tree.count {
                let held = count(position, step)
                if held < left {
                    position += step
                    left -= held
                }
            }
            step /= 2
        }
        return position
    }
}
