import Synchronization
import TactusCore

/// What a process callback's cycles cost, measured twice: wall time (JACK's
/// clock), which includes any time the thread was preempted, and the
/// thread's own CPU time (see ThreadCPUClock). The callback records; any
/// other thread reads. Keep it in memory that never moves.
///
/// The wall clock is read in user space; the CPU clock is a system call,
/// so a callback that starts its cycles with ``startCycle()`` reads it on
/// one cycle in ``cpuSampleInterval`` only (the first, then every 16th).
public struct JackCycleMeter: ~Copyable {
    private let recordedCycles = Atomic<Int>(0)
    private let totalWall = Atomic<Int>(0)
    private let worstWall = Atomic<Int>(0)
    private let worstCPU = Atomic<Int>(0)
    private let worstCPUNumber = Atomic<Int>(0)
    private let overPeriodWall = Atomic<Int>(0)
    private let overPeriodCPU = Atomic<Int>(0)
    private let timedCPU = Atomic<Int>(0)

    /// ``startCycle()`` reads the CPU clock on cycles 1, 1 + this, 1 + 2 × this …
    public static let cpuSampleInterval = 16

    public init() {}

    /// Realtime: the wall clock at the start of a cycle, and the CPU clock
    /// too when the cycle is one the meter samples.
    @_noLocks @_noAllocation
    public func startCycle() -> JackCycleStart {
        // The wall clock first, so the CPU interval lies inside the wall one.
        let wall = JackRealtime.microseconds()
        let number = recordedCycles.load(ordering: .relaxed)
        let cpu = number % Self.cpuSampleInterval == 0 ? ThreadCPUClock.microseconds() : nil
        return JackCycleStart(wallMicroseconds: wall, cpuMicroseconds: cpu)
    }

    /// Realtime: records the cycle that began at `start` and ends now.
    @_noLocks @_noAllocation
    public func record(since start: JackCycleStart, budget: CycleBudget) {
        var spentCPU: Int?
        if let cpu = start.cpuMicroseconds { spentCPU = ThreadCPUClock.microseconds() &- cpu }
        let spent = Int(truncatingIfNeeded: JackRealtime.microseconds() &- start.wallMicroseconds)
        record(spent: spent, spentCPU: spentCPU, budget: budget)
    }

    /// Realtime: records one cycle that took `spent` µs of wall time and
    /// `spentCPU` µs of the thread's CPU time (nil when the CPU clock was
    /// not read).
    @_noLocks @_noAllocation
    public func record(spent: Int, spentCPU: Int?, budget: CycleBudget) {
        let number = recordedCycles.wrappingAdd(1, ordering: .relaxed).newValue
        totalWall.wrappingAdd(spent, ordering: .relaxed)
        if spent > worstWall.load(ordering: .relaxed) { worstWall.store(spent, ordering: .relaxed) }
        if budget.isExceeded(by: spent) { overPeriodWall.wrappingAdd(1, ordering: .relaxed) }
        guard let spentCPU else { return }
        timedCPU.wrappingAdd(1, ordering: .relaxed)
        if spentCPU > worstCPU.load(ordering: .relaxed) {
            worstCPU.store(spentCPU, ordering: .relaxed)
            worstCPUNumber.store(number, ordering: .relaxed)
        }
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
    /// Cycles timed on the CPU clock too (the CPU figures are theirs).
    public var cpuTimedCycles: Int { timedCPU.load(ordering: .relaxed) }

    /// The cost so far as a report states it, with `budget` as the period;
    /// nil before the first cycle. CPU figures are read before the wall
    /// figures `record` updates first, so a cycle recorded meanwhile cannot
    /// make the CPU worst exceed the wall worst.
    public func cost(budget: CycleBudget) -> ProcessCycleCost? {
        let timedCPU = cpuTimedCycles
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
            cyclesOverPeriodCPU: overCPU, cpuTimedCycles: timedCPU)
    }
}

/// The wall clock (JACK's) and the thread's CPU clock at the start of a
/// process cycle, in µs.
public struct JackCycleStart: Sendable {
    public let wallMicroseconds: UInt64
    /// Nil when the cycle's CPU time is not measured.
    public let cpuMicroseconds: Int?
}
