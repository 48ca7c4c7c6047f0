import TactusCore
import TactusJack

/// The control client's realtime state: preallocated, never moves.
struct ControlClientState: ~Copyable {
    /// Wall time each cycle spends working, in µs.
    let busyMicroseconds: UInt64
    let sampleRate: Int
    let meter = JackCycleMeter()

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: ControlClientState.self), frames: frames)
        return 0
    }

    /// Realtime: spins for the busy time and records what the cycle cost.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<ControlClientState>, frames: UInt32) {
        // Timed like tactus's own cycles (the CPU clock on one in 16), so the soak compares like with like.
        let started = state.pointee.meter.startCycle()
        var spins = 0
        while JackRealtime.microseconds() &- started.wallMicroseconds < state.pointee.busyMicroseconds { spins &+= 1 }
        state.pointee.meter.record(
            since: started, budget: CycleBudget(frames: Int(frames), sampleRate: state.pointee.sampleRate))
    }
}
