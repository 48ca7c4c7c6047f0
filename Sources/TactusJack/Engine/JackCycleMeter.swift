import Synchronization
import TactusCore

/// What a process callback's cycles cost, measured twice: wall time (JACK's
/// clock), which includes any time the thread was preempted, and the
/// thread's own CPU time (see ThreadCPUClock). The callback records; any
/// other thread reads. Keep it in memory that never moves.
public struct JackCycleMeter: ~Copyable {
    private let recordedCycles = Atomic<Int>(0)
    private let totalWall = Atomic<Int>(0)
    private let worstWall = Atomic<Int>(0)
    private let worstCPU = Atomic<Int>(0)
    private let worstCPUNumber = Atomic<Int>(0)
    private let overPeriodWall = Atomic<Int>(0)
    private let overPeriodCPU = Atomic<Int>(0)

    public init() {}

    /// Realtime: both clocks at the start of a cycle.
    @_noLocks @_noAllocation
    public static func start() -> JackCycleStart {
        JackCycleStart(wallMicroseconds: JackRealtime.microseconds(), cpuMicroseconds: ThreadCPUClock.microseconds())
    }

    /// Realtime: records the cycle that began at `start` and ends now.
    @_noLocks @_noAllocation
    public func record(since start: JackCycleStart, budget: CycleBudget) {
        let spentCPU = ThreadCPUClock.microseconds() &- start.cpuMicroseconds
        let spent = Int(truncatingIfNeeded: JackRealtime.microseconds() &- start.wallMicroseconds)
        record(spent: spent, spentCPU: spentCPU, budget: budget)
    }

    /// Realtime: records one cycle that took `spent` µs of wall time and
    /// `spentCPU` µs of the thread's CPU time.
    @_noLocks @_noAllocation
    public func record(spent: Int, spentCPU: Int, budget: CycleBudget) {
        let number = recordedCycles.wrappingAdd(1, ordering: .relaxed).newValue
        totalWall.wrappingAdd(spent, ordering: .relaxed)
        if spent > worstWall.load(ordering: .relaxed) { worstWall.store(spent, ordering: .relaxed) }
        if spentCPU > worstCPU.load(ordering: .relaxed) {
            worstCPU.store(spentCPU, ordering: .relaxed)
            worstCPUNumber.store(number, ordering: .relaxed)
        }
        if budget.isExceeded(by: spent) { overPeriodWall.wrappingAdd(1, ordering: .relaxed) }
        if budget.isExceeded(by: spentCPU) { overPeriodCPU.wrappingAdd(1, ordering: .relaxed) }
    }

    /// Cycles recorded so far.
    public var cycles: Int { recordedCycles.load(ordering: .relaxed) }
    /// All cycles' wall time together, and the slowest one's, in µs.
    public var totalMicroseconds: Int { totalWall.load(ordering: .relaxed) }
    public var worstMicroseconds: Int { worstWall.load(ordering: .relaxed) }
    /// The slowest cycle in CPU time, in µs, and which cycle it was, counting
    /// from 1: the first cycles pay for first-time work (runtime set-up),
    /// later ones do not.
    public var worstCPUMicroseconds: Int { worstCPU.load(ordering: .relaxed) }
    public var worstCPUCycle: Int { worstCPUNumber.load(ordering: .relaxed) }
    /// Cycles longer than their period in wall time, and in CPU time. Only the
    /// second can make an xrun the client's doing; the first also counts
    /// cycles the scheduler interrupted.
    public var cyclesOverPeriod: Int { overPeriodWall.load(ordering: .relaxed) }
    public var cyclesOverPeriodCPU: Int { overPeriodCPU.load(ordering: .relaxed) }

    /// The cost so far as a report states it, with `budget` as the period;
    /// nil before the first cycle. CPU figures are read before the wall
    /// figures `record` updates first, so a cycle recorded meanwhile cannot
    /// make the CPU worst exceed the wall worst.
    public func cost(budget: CycleBudget) -> ProcessCycleCost? {
        let overCPU = cyclesOverPeriodCPU
        let worstCPUCycle = worstCPUCycle
        let worstCPU = worstCPUMicroseconds
        let over = cyclesOverPeriod
        let worst = worstMicroseconds
        let total = totalMicroseconds
        let cycles = cycles
        guard cycles > 0 else { return nil }
        return ProcessCycleCost(
            cycles: cycles, worstMicroseconds: worst,
            meanMicroseconds: ReportNumber.rounded(Double(total) / Double(cycles), decimals: 3),
            periodMicroseconds: ReportNumber.rounded(budget.periodMicroseconds, decimals: 3),
            cyclesOverPeriod: over, worstCPUMicroseconds: worstCPU, worstCPUCycle: worstCPUCycle,
            cyclesOverPeriodCPU: overCPU)
    }
}

/// The wall clock (JACK's) and the thread's CPU clock at the start of a
/// process cycle, in µs.
public struct JackCycleStart: Sendable {
    public let wallMicroseconds: UInt64
    public let cpuMicroseconds: Int
}
