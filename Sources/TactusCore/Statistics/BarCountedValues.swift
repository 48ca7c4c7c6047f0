/// The values of one group in grid order and the bars they fall in, counted
/// as the bar changes: a claim about a group needs `Findings.minimumHits`
/// values in as many bars.
struct BarCountedValues {
    private(set) var values: [Double] = []
    private(set) var bars = 0
    private var lastBar = Int.min

    mutating func add(_ value: Double, bar: Int) {
        values.append(value)
        if bar != lastBar {
            lastBar = bar
            bars += 1
        }
    }

    /// Enough to test: `Findings.minimumHits` values in as many bars.
    var enough: Bool { values.count >= Findings.minimumHits && bars >= Findings.minimumHits }
}
