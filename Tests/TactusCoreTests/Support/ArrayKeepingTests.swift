import Testing
@testable import TactusCore

@Suite struct ArrayKeepingTests {
    @Test func keepingAllElementsSharesTheArray() {
        let values = [3, 1, 4, 1, 5]
        let all = values.keeping { $0 > 0 }
        #expect(all == [3, 1, 4, 1, 5])
        #expect(all.withUnsafeBufferPointer(\.baseAddress) == values.withUnsafeBufferPointer(\.baseAddress))
        #expect(values.keeping { $0 > 1 } == [3, 4, 5])
        #expect(values.keeping { $0 > 9 } == [])
    }
}
