import Testing
@testable import TactusCore

@Suite struct RedrawThrottleTests {
    /// Feeds (time, changed) pairs and returns the answers.
    func answers(_ throttle: inout RedrawThrottle, _ calls: [(UInt64, Bool)]) -> [Bool] {
        calls.map { throttle.shouldDraw(atNs: $0.0, changed: $0.1) }
    }

    @Test func atMostOneDrawPerInterval() {
        var throttle = RedrawThrottle()
        #expect(throttle.minimumIntervalNs == 33_333_334)
        #expect(answers(&throttle, [(1_000, true), (2_000, true)]) == [true, false])
        #expect(throttle.isPending)
        #expect(throttle.nextDrawNs == 33_334_334)
        #expect(answers(&throttle, [(33_334_333, false), (33_334_334, false)]) == [false, true])
        #expect(!throttle.isPending)
        #expect(throttle.nextDrawNs == nil)
        // Nothing changed: no draw, however long it has been.
        #expect(answers(&throttle, [(900_000_000, false)]) == [false])
    }

    @Test func aChangeEveryMillisecondDrawsThirtyTimesASecond() {
        var throttle = RedrawThrottle()
        var draws: [UInt64] = []
        for ms in UInt64(0)..<1_000 where throttle.shouldDraw(atNs: ms * 1_000_000, changed: true) {
            draws.append(ms)
        }
        // Draws at 0, 34, 68, …: each on the first millisecond 33.33 ms after the last.
        #expect(draws.count == 30)
        #expect(draws.prefix(4) == [0, 34, 68, 102])
        #expect(draws.last == 986)
    }

    @Test func theFirstChangeIsDrawnAtOnce() {
        var throttle = RedrawThrottle(minimumIntervalNs: 100)
        #expect(answers(&throttle, [(5, false)]) == [false])
        #expect(throttle.nextDrawNs == nil)
        #expect(answers(&throttle, [(6, true)]) == [true])
        #expect(answers(&throttle, [(105, true), (106, false), (107, false)]) == [false, true, false])
    }
}
