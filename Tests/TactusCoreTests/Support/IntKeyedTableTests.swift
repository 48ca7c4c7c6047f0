import Testing
@testable import TactusCore

@Suite struct IntKeyedTableTests {
    @Test func readsEmptyUntilChangedThenKeepsEachKeysValue() {
        var table = IntKeyedTable(empty: 0)
        #expect(table[5] == 0)
        #expect(!table.contains(5))
        #expect(table.sortedKeys == [])
        #expect(table.update(5) { $0 += 3; return $0 } == 3)
        table.update(5) { $0 += 4 }
        table.update(1) { $0 = 9 }
        #expect(table[5] == 7)
        #expect(table[1] == 9)
        #expect(table[3] == 0)
        #expect(!table.contains(3))
        #expect(table.contains(5))
        #expect(table.sortedKeys == [1, 5])
    }

    @Test func keysOutsideTheArrayKeepTheirOrderAmongTheOthers() {
        var table = IntKeyedTable(empty: "")
        let large = IntKeyedTable<String>.arrayLimit + 2
        table.update(large) { $0 = "large" }
        table.update(-4) { $0 = "minus four" }
        table.update(0) { $0 = "zero" }
        table.update(-1) { $0 = "minus one" }
        table.update(2) { $0 += "two" }
        #expect(table.sortedKeys == [-4, -1, 0, 2, large])
        #expect(table.sortedKeys.map { table[$0] } == ["minus four", "minus one", "zero", "two", "large"])
        #expect(table.contains(-1) && table.contains(large) && !table.contains(-2) && !table.contains(1))
        #expect(table[-2] == "" && table[large + 1] == "")
    }
}
