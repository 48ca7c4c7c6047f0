import Synchronization
import TactusJack

/// A test client that reads `jack_position_t` from its process callback every
/// cycle the transport rolls with bar, beat and tick, and checks each field
/// against JACK's rules: bar ≥ 1, 1 ≤ beat ≤ beats_per_bar, 0 ≤ tick <
/// ticks_per_beat, beats_per_bar and beat_type the meter's numerator and
/// denominator (`meter`), BPM above 0, bar_start_tick = the bars before ×
/// beats_per_bar × ticks_per_beat (one meter throughout), and bar, beat and
/// tick never going back while it rolls.
final class JackPositionCheck {
    let client: JackClient
    private let state: UnsafeMutablePointer<JackPositionCheckState>

    init(server: String, meter: (beats: Int, noteValue: Int), name: String = "position-check") throws {
        client = try JackClient(name: name, server: server)
        state = .allocate(capacity: 1)
        state.initialize(to: JackPositionCheckState(client: client.handle, beats: Float(meter.beats), noteValue: Float(meter.noteValue)))
        try client.setProcess(JackPositionCheckState.process, context: UnsafeMutableRawPointer(state))
        try client.activate()
    }

    deinit {
        client.close()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Rolling cycles with a BBT position checked so far.
    var checked: Int { state.pointee.checked.load(ordering: .acquiring) }
    /// Those that broke a rule.
    var broken: Int { state.pointee.broken.load(ordering: .acquiring) }
    /// The first position that broke a rule, if any.
    var firstBroken: JackBBT? {
        broken > 0 ? state.pointee.firstBroken : nil
    }
    /// The highest beat seen.
    var highestBeat: Int32 { state.pointee.highestBeat.load(ordering: .acquiring) }
}

struct JackPositionCheckState: ~Copyable {
    let client: JackClientHandle
    let beats: Float
    let noteValue: Float
    let checked = Atomic<Int>(0)
    let broken = Atomic<Int>(0)
    let highestBeat = Atomic<Int32>(0)
    /// Written once, before `broken` first goes up.
    var firstBroken = JackBBT(bar: 0, beat: 0, tick: 0, barStartTick: 0, beatsPerBar: 0, beatType: 0, ticksPerBeat: 0, beatsPerMinute: 0)
    /// Process thread only: ticks from bar 1 at the last cycle.
    var lastTicks = -Double.infinity

    init(client: JackClientHandle, beats: Float, noteValue: Float) {
        self.client = client
        self.beats = beats
        self.noteValue = noteValue
    }

    static let process: JackProcessFunction = { _, context in
        guard let context else { return 0 }
        check(context.assumingMemoryBound(to: JackPositionCheckState.self))
        return 0
    }

    /// Realtime: one transport query and a few comparisons.
    @_noLocks @_noAllocation
    static func check(_ state: UnsafeMutablePointer<JackPositionCheckState>) {
        let position = JackRealtime.transportQuery(state.pointee.client)
        var rolling = false
        switch position.state {
        case .rolling: rolling = true
        case .stopped, .starting, .looping, .netStarting: break
        }
        guard rolling, let bbt = position.bbt else {
            state.pointee.lastTicks = -Double.infinity
            return
        }
        let ticks = bbt.barStartTick + Double(bbt.beat - 1) * bbt.ticksPerBeat + Double(bbt.tick)
        let good = bbt.bar >= 1 && bbt.beat >= 1 && Float(bbt.beat) <= bbt.beatsPerBar
            && bbt.tick >= 0 && Double(bbt.tick) < bbt.ticksPerBeat && bbt.ticksPerBeat >= 1
            && bbt.beatsPerBar == state.pointee.beats && bbt.beatType == state.pointee.noteValue
            && bbt.beatsPerMinute > 0 && bbt.beatsPerMinute.isFinite
            && bbt.barStartTick == Double(bbt.bar - 1) * Double(bbt.beatsPerBar) * bbt.ticksPerBeat
            && ticks >= state.pointee.lastTicks
        state.pointee.lastTicks = ticks
        if !good {
            if state.pointee.broken.load(ordering: .relaxed) == 0 { state.pointee.firstBroken = bbt }
            state.pointee.broken.add(1, ordering: .releasing)
        }
        if bbt.beat > state.pointee.highestBeat.load(ordering: .relaxed) {
            state.pointee.highestBeat.store(bbt.beat, ordering: .relaxed)
        }
        state.pointee.checked.add(1, ordering: .releasing)
    }
}
