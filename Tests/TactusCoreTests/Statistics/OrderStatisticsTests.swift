import Testing
@testable import TactusCore

@Suite struct OrderStatisticsTests {
    @Test func medianAndPercentileOfSmallLists() {
        #expect(OrderStatistics.median([]) == nil)
        #expect(OrderStatistics.median([5]) == 5)
        #expect(OrderStatistics.median([3, 1, 2]) == 2)
        #expect(OrderStatistics.median([4, 1, 3, 2]) == 2.5)
        #expect(OrderStatistics.median([-1, 7, 7, 7, -1, -1]) == 3)
        #expect(OrderStatistics.nearestRank(95, of: []) == nil)
        #expect(OrderStatistics.nearestRank(95, of: (1...20).reversed().map(Double.init)) == 19)
        #expect(OrderStatistics.nearestRank(100, of: [2, 9, 4]) == 9)
        #expect(OrderStatistics.nearestRank(0, of: [2, 9, 4]) == 2)
    }

    @Test func selectionAgreesWithSorting() {
        var random = SplitMix64(seed: 5)
        for trial in 0..<300 {
            let count = 1 + random.below(400)
            // Few distinct values in some lists, as offsets on a frame grid repeat.
            let distinct = [3, 50, 1 << 20][trial % 3]
            let values = (0..<count).map { _ in Double(random.below(distinct)) / 48 - 10 }
            let sorted = values.sorted()
            let middle = count / 2
            #expect(OrderStatistics.median(values) == (count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2))
            let rank = random.below(count)
            var reordered = values
            #expect(OrderStatistics.select(rank, in: &reordered) == sorted[rank])
            #expect(reordered[..<rank].allSatisfy { $0 <= sorted[rank] })
            #expect(reordered[rank...].allSatisfy { $0 >= sorted[rank] })
            #expect(reordered.sorted() == sorted)
        }
    }
}
