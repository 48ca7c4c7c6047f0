import Testing
import TactusCore
import TactusJack

struct JackCycleMeterTests {
    @Test func countsCyclesOverThePeriodInWallAndCPUTimeApart() throws {
        let meter = JackCycleMeter()
        let budget = CycleBudget(frames: 32, sampleRate: 48_000)
        let before = meter.cost(budget: budget)
        #expect(before == nil)
        meter.record(spent: 100, spentCPU: 40, budget: budget)
        meter.record(spent: 700, spentCPU: 30, budget: budget)
        meter.record(spent: 900, spentCPU: 667, budget: budget)
        meter.record(spent: 666, spentCPU: 666, budget: budget)
        let measured = meter.cost(budget: budget)
        let cost = try #require(measured)
        #expect(cost == ProcessCycleCost(
            cycles: 4, worstMicroseconds: 900, meanMicroseconds: 591.5, periodMicroseconds: 666.667,
            cyclesOverPeriod: 2, worstCPUMicroseconds: 667, worstCPUCycle: 3, cyclesOverPeriodCPU: 1,
            cpuTimedCycles: 4))
    }

    @Test func cyclesNotTimedOnTheCPUClockCountInWallTimeOnly() throws {
        let meter = JackCycleMeter()
        let budget = CycleBudget(frames: 32, sampleRate: 48_000)
        meter.record(spent: 100, spentCPU: 90, budget: budget)
        meter.record(spent: 900, spentCPU: nil, budget: budget)
        let measured = meter.cost(budget: budget)
        let cost = try #require(measured)
        #expect(cost == ProcessCycleCost(
            cycles: 2, worstMicroseconds: 900, meanMicroseconds: 500, periodMicroseconds: 666.667,
            cyclesOverPeriod: 1, worstCPUMicroseconds: 90, worstCPUCycle: 1, cyclesOverPeriodCPU: 0,
            cpuTimedCycles: 1))
    }

    /// JACK's clock (`jack_get_time`) works once the process has opened a client.
    @Test func measuresACycleByBothClocks() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "meter", server: server.name)
            defer { client.close() }
            let meter = JackCycleMeter()
            let budget = CycleBudget(frames: 64, sampleRate: 48_000)
            let start = meter.startCycle()   // the first cycle is timed on both clocks
            let cpuStart = try #require(start.cpuMicroseconds)
            var spins = 0
            while ThreadCPUClock.microseconds() - cpuStart < 2_000 { spins &+= 1 }
            meter.record(since: start, budget: budget)
            let measured = meter.cost(budget: budget)
            let cost = try #require(measured)
            #expect(spins > 0)
            #expect(cost.cycles == 1)
            #expect(cost.worstCPUCycle == 1)
            #expect(cost.cyclesOverPeriodCPU == 1)
            #expect(cost.cyclesOverPeriod == 1)
            #expect((cost.worstCPUMicroseconds ?? 0) >= 2_000)
            #expect((cost.worstCPUMicroseconds ?? .max) <= cost.worstMicroseconds + 1)
            // Cycles 1, 17 and 33 of 40 are timed on the CPU clock.
            for _ in 2...40 { meter.record(since: meter.startCycle(), budget: budget) }
            #expect(meter.cycles == 40)
            #expect(meter.cpuTimedCycles == 3)
        }
    }
}
