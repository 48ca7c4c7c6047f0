import CAllocationCounter
import Foundation
import Synchronization
@testable import TactusJack

/// A test client that sends MIDI messages at given absolute frames, and on
/// its audio output a pulse (`pulseLength` frames of 0.5, silence otherwise)
/// starting at the same frames, so onsets can be checked too.
///
/// Ports: `<name>:midi_out` and `<name>:audio_out`. Events are copied into
/// preallocated memory and published to the process callback with an atomic
/// count; an event whose frame has passed when its turn comes is counted in
/// ``late`` and not sent.
final class JackMIDISender {
    let midiOutput: JackPort
    let audioOutput: JackPort
    private let host: JackProcessHost<JackMIDISenderState>
    private var scheduled = 0
    private var lastScheduledFrame = Int64.min

    init(server: String, name: String = "sender", capacity: Int = 4096, pulseLength: Int = 8) throws {
        let client = try JackClient(name: name, server: server)
        midiOutput = try client.registerPort(name: "midi_out", type: .midi, direction: .output)
        audioOutput = try client.registerPort(name: "audio_out", type: .audio, direction: .output)
        host = try JackProcessHost(client, state: JackMIDISenderState(
            client: client.handle, midiOutput: midiOutput, audioOutput: audioOutput,
            capacity: capacity, pulseLength: pulseLength
        ), process: JackMIDISenderState.process)
        try host.activate()
    }

    var client: JackClient { host.client }
    private var state: UnsafeMutablePointer<JackMIDISenderState> { host.state }

    /// Appends messages to send, each `shift` frames after its own frame;
    /// frames must not decrease, also across calls, and each message must
    /// fit ``JackMIDISenderState/maximumEventSize``.
    func schedule(_ events: [JackRecordedEvent], shiftedBy shift: Int64 = 0) throws {
        for var event in events {
            event.frame += shift
            guard event.frame >= lastScheduledFrame else {
                throw JackTestServerError("sender: frame \(event.frame) comes before \(lastScheduledFrame)")
            }
            guard scheduled < state.pointee.capacity, !event.bytes.isEmpty,
                  event.bytes.count <= JackMIDISenderState.maximumEventSize
            else {
                throw JackTestServerError("sender: cannot schedule \(event)")
            }
            state.pointee.frames[scheduled] = event.frame
            state.pointee.lengths[scheduled] = event.bytes.count
            for (index, byte) in event.bytes.enumerated() {
                state.pointee.bytes[scheduled * JackMIDISenderState.maximumEventSize + index] = byte
            }
            scheduled += 1
            lastScheduledFrame = event.frame
        }
        state.pointee.published.store(scheduled, ordering: .releasing)
    }

    /// The first frame of the latest cycle the sender processed (64-bit), or
    /// nil before its first cycle.
    var lastCycleStart: Int64? {
        let start = state.pointee.watch.lastStart.load(ordering: .acquiring)
        return start < 0 ? nil : start
    }

    /// Waits for the first cycle and returns a frame `margin` frames after the
    /// latest cycle start: far enough ahead that no cycle has processed it.
    func frame(after margin: Int64) async throws -> Int64 {
        try await TestWait.time(TestWait.stalled).until("first cycle of the sender \(client.name)") { lastCycleStart != nil }
        return (lastCycleStart ?? 0) + margin
    }

    /// Holds JACK at the sender's next cycle while `body` schedules from the
    /// frame `margin` after that cycle's start (its process callback waits,
    /// and a synchronous server waits for it), so nothing `body` schedules
    /// can be late however long it takes to build. At most 5 s.
    func holding<Result>(after margin: Int64, _ body: (Int64) throws -> Result) async throws -> Result {
        state.pointee.heldAt.store(-1, ordering: .relaxed)
        state.pointee.holdRequested.store(true, ordering: .releasing)
        defer { state.pointee.holdRequested.store(false, ordering: .releasing) }
        try await TestWait.time(TestWait.stalled).until("a cycle of the sender \(client.name) to hold") {
            state.pointee.heldAt.load(ordering: .acquiring) >= 0
        }
        let held = state.pointee.heldAt.load(ordering: .acquiring)
        return try body(held + margin)
    }

    /// Heap allocations and frees counted on JACK's process thread while the
    /// callback ran (`CAllocationCounter`).
    var allocations: Int {
        state.pointee.allocations.load(ordering: .relaxed)
    }

    /// Cycles that started later than the previous one ended (see ``JackCycleWatch``).
    var gaps: Int {
        state.pointee.watch.gaps.load(ordering: .relaxed)
    }

    /// Messages written to the MIDI port so far.
    var sent: Int {
        state.pointee.sent.load(ordering: .acquiring)
    }

    /// Messages whose frame had passed before the sender reached them.
    var late: Int {
        state.pointee.late.load(ordering: .relaxed)
    }
}

/// The sender's realtime state: preallocated, never moves, no class references.
struct JackMIDISenderState: ~Copyable {
    static let maximumEventSize = 16

    let client: JackClientHandle
    let midiOutput: JackPort
    let audioOutput: JackPort
    let capacity: Int
    let pulseLength: Int
    let eventSize = JackMIDISenderState.maximumEventSize
    let frames: UnsafeMutablePointer<Int64>
    let lengths: UnsafeMutablePointer<Int>
    let bytes: UnsafeMutablePointer<UInt8>
    let published = Atomic<Int>(0)
    let sent = Atomic<Int>(0)
    let late = Atomic<Int>(0)
    let allocations = Atomic<Int>(0)
    let holdRequested = Atomic<Bool>(false)
    /// The start of the cycle held, -1 until one is.
    let heldAt = Atomic<Int64>(-1)
    /// Process thread only.
    var next = 0
    var pulseRemaining = 0
    var clock = JackFrameClock()
    var watch = JackCycleWatch()

    init(client: JackClientHandle, midiOutput: JackPort, audioOutput: JackPort, capacity: Int, pulseLength: Int) {
        self.client = client
        self.midiOutput = midiOutput
        self.audioOutput = audioOutput
        self.capacity = capacity
        self.pulseLength = pulseLength
        frames = .allocate(capacity: capacity)
        frames.initialize(repeating: 0, count: capacity)
        lengths = .allocate(capacity: capacity)
        lengths.initialize(repeating: 0, count: capacity)
        bytes = .allocate(capacity: capacity * JackMIDISenderState.maximumEventSize)
        bytes.initialize(repeating: 0, count: capacity * JackMIDISenderState.maximumEventSize)
    }

    deinit {
        frames.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        counted(context.assumingMemoryBound(to: JackMIDISenderState.self), frames: frames)
        return 0
    }

    /// Realtime: runs the cycle, counting any heap allocation libjack or this
    /// code makes meanwhile.
    @_noLocks @_noAllocation
    static func counted(_ state: UnsafeMutablePointer<JackMIDISenderState>, frames: UInt32) {
        _unsafePerformance { tactus_count_allocations_begin() }
        run(state, frames: frames)
        let counted = _unsafePerformance { tactus_count_allocations_end() }
        state.pointee.allocations.add(Int(truncatingIfNeeded: counted), ordering: .relaxed)
    }

    /// Realtime: clears both outputs, then writes the events of this cycle.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackMIDISenderState>, frames: UInt32) {
        let start = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        state.pointee.watch.begin(start: start, frames: frames)
        defer { state.pointee.watch.end(start: start) }
        holdIfAsked(state, start: start)
        let end = start + Int64(truncatingIfNeeded: frames)
        let audio = JackRealtime.audioBuffer(state.pointee.audioOutput, frames: frames)
        var offset = 0
        while offset < audio.count {
            audio[offset] = state.pointee.pulseRemaining > 0 ? 0.5 : 0
            if state.pointee.pulseRemaining > 0 { state.pointee.pulseRemaining -= 1 }
            offset += 1
        }
        guard let midi = JackRealtime.midiBuffer(state.pointee.midiOutput, frames: frames) else { return }
        JackRealtime.clearMIDI(midi)
        let published = state.pointee.published.load(ordering: .acquiring)
        let size = state.pointee.eventSize
        while state.pointee.next < published {
            let index = state.pointee.next
            let frame = state.pointee.frames[index]
            guard frame < end else { break }
            state.pointee.next += 1
            guard frame >= start else {
                state.pointee.late.add(1, ordering: .relaxed)
                continue
            }
            let eventOffset = Int(truncatingIfNeeded: frame - start)
            let message = UnsafeBufferPointer(start: state.pointee.bytes + index * size, count: state.pointee.lengths[index])
            if JackRealtime.writeMIDI(midi, time: UInt32(truncatingIfNeeded: eventOffset), bytes: message) {
                state.pointee.sent.add(1, ordering: .releasing)
            }
            startPulse(state, at: eventOffset, in: audio)
        }
    }

    /// Realtime (a test's own blocking): while asked to hold, keeps the
    /// cycle waiting in 1 ms sleeps, 5 s at most.
    @_noLocks @_noAllocation
    static func holdIfAsked(_ state: UnsafeMutablePointer<JackMIDISenderState>, start: Int64) {
        guard state.pointee.holdRequested.load(ordering: .acquiring) else { return }
        state.pointee.heldAt.store(start, ordering: .releasing)
        var waited = 0
        while state.pointee.holdRequested.load(ordering: .acquiring) && waited < 5_000 {
            _unsafePerformance { _ = usleep(1_000) }
            waited += 1
        }
    }

    /// Realtime: writes the pulse from `offset` to the end of this cycle and
    /// leaves the rest for the next.
    @_noLocks @_noAllocation
    static func startPulse(_ state: UnsafeMutablePointer<JackMIDISenderState>, at offset: Int, in audio: UnsafeMutableBufferPointer<Float>) {
        var remaining = state.pointee.pulseLength
        var index = offset
        while remaining > 0, index < audio.count {
            audio[index] = 0.5
            remaining -= 1
            index += 1
        }
        state.pointee.pulseRemaining = remaining
    }
}
