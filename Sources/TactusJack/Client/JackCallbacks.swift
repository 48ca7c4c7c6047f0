import CJack
import Glibc
import Synchronization

/// The C callbacks ``JackClient`` registers for itself. Each one only updates
/// atomics in ``JackClientSignals`` and posts a semaphore (`sem_post` is
/// async-signal-safe and never blocks): JACK forbids server calls from its
/// callbacks, and the shutdown callback may run on the process thread.
///
/// They are `static let`s of `@convention(c)` type in a non-main file, so they
/// are nonisolated and run on whatever thread JACK calls them from.
enum JackCallbacks {
    static let xrun: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { arg in
        guard let arg else { return 0 }
        noteXrun(arg.assumingMemoryBound(to: JackClientSignals.self))
        return 0
    }

    static let infoShutdown: @convention(c) (jack_status_t, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = {
        _, reason, arg in
        guard let arg else { return }
        noteShutdown(arg.assumingMemoryBound(to: JackClientSignals.self), reason: reason)
    }

    static let latency: @convention(c) (jack_latency_callback_mode_t, UnsafeMutableRawPointer?) -> Void = { _, arg in
        guard let arg else { return }
        noteLatency(arg.assumingMemoryBound(to: JackClientSignals.self))
    }

    static let graphOrder: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { arg in
        guard let arg else { return 0 }
        noteGraphOrder(arg.assumingMemoryBound(to: JackClientSignals.self))
        return 0
    }

    static let portRegistration: @convention(c) (jack_port_id_t, Int32, UnsafeMutableRawPointer?) -> Void = {
        _, _, arg in
        guard let arg else { return }
        notePortRegistration(arg.assumingMemoryBound(to: JackClientSignals.self))
    }

    static let sampleRate: @convention(c) (jack_nframes_t, UnsafeMutableRawPointer?) -> Int32 = { rate, arg in
        guard let arg else { return 0 }
        noteSampleRate(arg.assumingMemoryBound(to: JackClientSignals.self), rate)
        return 0
    }

    static let bufferSize: @convention(c) (jack_nframes_t, UnsafeMutableRawPointer?) -> Int32 = { frames, arg in
        guard let arg else { return 0 }
        noteBufferSize(arg.assumingMemoryBound(to: JackClientSignals.self), frames)
        return 0
    }

    /// Realtime: the xrun count goes up by one; wakes the control thread.
    @_noLocks @_noAllocation
    static func noteXrun(_ signals: UnsafeMutablePointer<JackClientSignals>) {
        signals.pointee.xruns.add(1, ordering: .relaxed)
        post(signals.pointee.wake)
    }

    /// Realtime: copies the reason into preallocated memory, then publishes
    /// the flag; wakes the control thread and the auto-connect worker.
    @_noLocks @_noAllocation
    static func noteShutdown(_ signals: UnsafeMutablePointer<JackClientSignals>, reason: UnsafePointer<CChar>?) {
        if !signals.pointee.shutDown.load(ordering: .acquiring) {
            let destination = signals.pointee.shutdownReason
            let capacity = signals.pointee.shutdownReasonCapacity
            var index = 0
            if let reason {
                while index < capacity - 1, reason[index] != 0 {
                    destination[index] = reason[index]
                    index += 1
                }
            }
            destination[index] = 0
            signals.pointee.shutDown.store(true, ordering: .releasing)
        }
        post(signals.pointee.wake)
        post(signals.pointee.portsChanged)
    }

    /// Realtime: counts the latency recomputation; wakes the control thread.
    /// tactus' outputs do not derive from its inputs, so it leaves its ports'
    /// own latency at zero and only rereads the ranges afterwards.
    @_noLocks @_noAllocation
    static func noteLatency(_ signals: UnsafeMutablePointer<JackClientSignals>) {
        signals.pointee.latencyChanges.add(1, ordering: .relaxed)
        post(signals.pointee.wake)
    }

    /// Realtime: counts the graph reordering (a connection made or removed,
    /// a client gone); wakes the control thread, which rereads latencies.
    @_noLocks @_noAllocation
    static func noteGraphOrder(_ signals: UnsafeMutablePointer<JackClientSignals>) {
        signals.pointee.graphReorders.add(1, ordering: .relaxed)
        post(signals.pointee.wake)
    }

    /// Realtime: a port came or went; wakes the control thread and the
    /// auto-connect worker, which does the connecting.
    @_noLocks @_noAllocation
    static func notePortRegistration(_ signals: UnsafeMutablePointer<JackClientSignals>) {
        post(signals.pointee.wake)
        post(signals.pointee.portsChanged)
    }

    /// Realtime: stores the new sample rate; wakes the control thread.
    @_noLocks @_noAllocation
    static func noteSampleRate(_ signals: UnsafeMutablePointer<JackClientSignals>, _ rate: UInt32) {
        signals.pointee.sampleRate.store(rate, ordering: .relaxed)
        post(signals.pointee.wake)
    }

    /// Realtime: stores the new buffer size; wakes the control thread.
    @_noLocks @_noAllocation
    static func noteBufferSize(_ signals: UnsafeMutablePointer<JackClientSignals>, _ frames: UInt32) {
        signals.pointee.bufferSize.store(frames, ordering: .relaxed)
        post(signals.pointee.wake)
    }

    /// Realtime: `sem_post` never blocks.
    @_noLocks @_noAllocation
    static func post(_ semaphore: UnsafeMutablePointer<sem_t>) {
        _ = _unsafePerformance { sem_post(semaphore) }
    }

    /// Realtime: posts `semaphore` unless a post is still pending
    /// (`sem_getvalue` only reads memory), so a waiter wakes once for a burst
    /// of posts instead of once per post.
    @_noLocks @_noAllocation
    static func postUnlessPending(_ semaphore: UnsafeMutablePointer<sem_t>) {
        var pending: Int32 = 0
        _ = _unsafePerformance { sem_getvalue(semaphore, &pending) }
        if pending <= 0 { post(semaphore) }
    }
}

extension JackCallbacks {
    static let timebase: @convention(c) (
        jack_transport_state_t, jack_nframes_t, UnsafeMutablePointer<jack_position_t>?, Int32, UnsafeMutableRawPointer?
    ) -> Void = { _, _, position, newPosition, arg in
        guard let position, let arg else { return }
        fillBBT(position, isNewPosition: newPosition != 0, binding: arg.assumingMemoryBound(to: JackTimebaseBinding.self))
    }

    /// Realtime: asks the engine's ``JackTimebaseFunction`` for the BBT of
    /// the next cycle's transport frame and copies it into `position`.
    @_noLocks @_noAllocation
    static func fillBBT(
        _ position: UnsafeMutablePointer<jack_position_t>, isNewPosition: Bool,
        binding: UnsafeMutablePointer<JackTimebaseBinding>
    ) {
        var bbt = JackBBT(
            bar: 1, beat: 1, tick: 0, barStartTick: 0,
            beatsPerBar: 4, beatType: 4, ticksPerBeat: 1920, beatsPerMinute: 120
        )
        let function = binding.pointee.function
        let context = binding.pointee.context
        let frame = position.pointee.frame
        let frameRate = position.pointee.frame_rate
        let filled = withUnsafeMutablePointer(to: &bbt) { pointer in
            _unsafePerformance { function(frame, frameRate, isNewPosition, UnsafeMutableRawPointer(pointer), context) }
        }
        let bbtBit = JackPositionBBT.rawValue
        guard filled else {
            position.pointee.valid = jack_position_bits_t(rawValue: position.pointee.valid.rawValue & ~bbtBit)
            return
        }
        position.pointee.bar = bbt.bar
        position.pointee.beat = bbt.beat
        position.pointee.tick = bbt.tick
        position.pointee.bar_start_tick = bbt.barStartTick
        position.pointee.beats_per_bar = bbt.beatsPerBar
        position.pointee.beat_type = bbt.beatType
        position.pointee.ticks_per_beat = bbt.ticksPerBeat
        position.pointee.beats_per_minute = bbt.beatsPerMinute
        position.pointee.valid = jack_position_bits_t(rawValue: position.pointee.valid.rawValue | bbtBit)
    }
}
