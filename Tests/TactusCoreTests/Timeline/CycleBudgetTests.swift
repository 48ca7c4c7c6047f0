import Testing
import TactusCore

@Suite struct CycleBudgetTests {
    @Test func thirtyTwoFramesAt48kHzAdmit666Microseconds() {
        let budget = CycleBudget(frames: 32, sampleRate: 48_000)
        #expect(budget.periodMicroseconds == Double(32 * 1_000_000) / 48_000)
        #expect(!budget.isExceeded(by: 666))
        #expect(budget.isExceeded(by: 667))
    }

    @Test func exactPeriodsAreNotExceeded() {
        let budget = CycleBudget(frames: 48, sampleRate: 48_000)
        #expect(budget.periodMicroseconds == 1000)
        #expect(!budget.isExceeded(by: 1000))
        #expect(budget.isExceeded(by: 1001))
    }

    @Test func oddRatesCompareWithoutRounding() {
        // 256 frames at 44.1 kHz: 5804.988… µs.
        let budget = CycleBudget(frames: 256, sampleRate: 44_100)
        #expect(!budget.isExceeded(by: 5804))
        #expect(budget.isExceeded(by: 5805))
        #expect(!budget.isExceeded(by: 0))
    }
}
