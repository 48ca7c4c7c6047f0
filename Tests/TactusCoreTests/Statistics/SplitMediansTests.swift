import Testing
@testable import TactusCore

@Suite struct SplitMediansTests {
    /// Worked by hand: 5 1 4 1 3, split at each point.
    @Test func mediansOfBothSidesAtEverySplit() {
        var sides = SplitMedians([5, 1, 4, 1, 3])
        var seen: [[Double?]] = [[sides.before, sides.after]]
        for _ in 0..<5 {
            sides.advance()
            seen.append([sides.before, sides.after])
        }
        #expect(seen == [[nil, 3], [5, 2], [3, 3], [4, 2], [2.5, 3], [3, nil]])
    }

    /// Against sorting each side afresh, in lists with few distinct values
    /// (ties) and with many.
    @Test func agreesWithSortingEachSide() {
        func median(_ side: ArraySlice<Double>) -> Double? {
            let sorted = side.sorted()
            guard !sorted.isEmpty else { return nil }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        var random = SplitMix64(seed: 11)
        for trial in 0..<60 {
            let count = 1 + random.below(300)
            let distinct = [2, 40, 1 << 20][trial % 3]
            let values = (0..<count).map { _ in Double(random.below(distinct)) / 8 + 90 }
            var sides = SplitMedians(values)
            for at in 0...count {
                #expect(sides.split == at)
                #expect(sides.before == median(values[..<at]), "split \(at) of \(values)")
                #expect(sides.after == median(values[at...]), "split \(at) of \(values)")
                if at < count { sides.advance() }
            }
        }
    }
}
