import CAllocationCounter
import Foundation
import Synchronization
@testable import TactusJack

/// A test client that records what reaches it, frame-exactly: the absolute
/// frame (`jack_last_frame_time() + offset`) of every MIDI event with its
/// bytes, and of every audio onset — the first sample above `threshold`
/// after at least `minimumSilence` frames at or below it, so the zero
/// crossings inside a click do not count.
///
/// Ports: `<name>:audio_in` and `<name>:midi_in`. Recording happens in the
/// process callback into preallocated memory; the test reads it afterwards.
///
/// A process thread that runs late can read JACK's frame time a period
/// ahead (see ``JackCycleWatch``). A client that places its output by frame
/// time then misplaces it by that period in the same cycles, and the
/// recorder, running after it, stamps it where it was meant: the default.
/// A client that places its output by the transport (klick, a follower) is
/// not misplaced; for it, `correctsReadAhead` moves what such cycles
/// recorded back to the frames it was heard at.
final class JackRecorder {
    let audioInput: JackPort
    let midiInput: JackPort
    private let host: JackProcessHost<JackRecorderState>

    init(
        server: String, name: String = "recorder", capacity: Int = 4096,
        threshold: Float = 0, minimumSilence: Int = 32, correctsReadAhead: Bool = false
    ) throws {
        let client = try JackClient(name: name, server: server)
        audioInput = try client.registerPort(name: "audio_in", type: .audio, direction: .input)
        midiInput = try client.registerPort(name: "midi_in", type: .midi, direction: .input)
        host = try JackProcessHost(client, state: JackRecorderState(
            client: client.handle, audioInput: audioInput, midiInput: midiInput,
            capacity: capacity, threshold: threshold, minimumSilence: minimumSilence, correctsReadAhead: correctsReadAhead
        ), process: JackRecorderState.process)
        try host.activate()
    }

    var client: JackClient { host.client }
    private var state: UnsafeMutablePointer<JackRecorderState> { host.state }

    /// Connects `sources` (full names of output ports) to the matching input.
    func connect(audio: [String] = [], midi: [String] = []) throws {
        for source in audio {
            try client.connect(source, audioInput.name)
        }
        for source in midi {
            try client.connect(source, midiInput.name)
        }
    }

    /// Process cycles run so far.
    var cycles: Int {
        state.pointee.cycles.load(ordering: .acquiring)
    }

    /// Recorded MIDI events, in arrival order.
    var events: [JackRecordedEvent] {
        let count = state.pointee.eventCount.load(ordering: .acquiring)
        return (0..<count).map { index in
            let length = state.pointee.eventLengths[index]
            let start = state.pointee.eventBytes + index * JackRecorderState.maximumEventSize
            return JackRecordedEvent(
                frame: state.pointee.eventFrames[index],
                bytes: Array(UnsafeBufferPointer(start: start, count: length))
            )
        }
    }

    /// Recorded audio onset frames, in order.
    var onsets: [Int64] {
        let count = state.pointee.onsetCount.load(ordering: .acquiring)
        return Array(UnsafeBufferPointer(start: state.pointee.onsetFrames, count: count))
    }

    /// Events or onsets that did not fit in the preallocated memory, plus
    /// MIDI events longer than ``JackRecorderState/maximumEventSize``.
    var dropped: Int {
        state.pointee.dropped.load(ordering: .relaxed)
    }

    /// Heap allocations and frees counted on JACK's process thread while the
    /// callback ran (`CAllocationCounter`).
    var allocations: Int {
        state.pointee.allocations.load(ordering: .relaxed)
    }

    /// Cycles that did not start where the previous one ended (see
    /// ``JackCycleWatch``), cycles read a period ahead included.
    var gaps: Int {
        state.pointee.watch.gaps.load(ordering: .relaxed)
    }

    /// Gaps in what the recorder holds: with `correctsReadAhead`, a run of
    /// cycles read a period ahead (a jump, then a repeat) was moved back to
    /// where it was heard and is not one; cycles skipped are.
    var uncorrectedGaps: Int {
        let gaps = state.pointee.watch.gaps.load(ordering: .relaxed)
        return state.pointee.correctsReadAhead ? gaps - 2 * state.pointee.watch.repeats.load(ordering: .relaxed) : gaps
    }

    /// "3 gaps, 1 a run read a period ahead": for a failing take's message.
    var gapDescription: String {
        "\(gaps) gaps, \(state.pointee.watch.repeats.load(ordering: .relaxed)) of them runs read a period ahead"
    }

    /// Waits until the recorder has finished the cycle holding `frame`, so
    /// everything sent up to that frame has arrived: as many frames as lie
    /// before it, and a stall of the cycles ends the wait.
    func waitUntilProcessed(through frame: Int64) async throws {
        let bufferSize = Int64(client.bufferSize)
        let frames = max(frame - cycleFrame, 0) + 2 * bufferSize
        try await TestWait.frames(frames, of: self).until("the recorder's cycle holding frame \(frame)") {
            cycleFrame + bufferSize > frame
        }
    }

    /// Waits until at least `count` events arrived, within `limit` (by
    /// default 30 s of the recorder's cycles).
    func waitForEvents(_ count: Int, within limit: TestWait? = nil) async throws -> [JackRecordedEvent] {
        try await (limit ?? .frames(30 * 48_000, of: self)).until("\(count) MIDI events at the recorder", detail: { "\(self.events)" }) {
            state.pointee.eventCount.load(ordering: .acquiring) >= count
        }
        return events
    }

    /// Waits until at least `count` onsets arrived, within `limit` (by
    /// default 30 s of the recorder's cycles).
    func waitForOnsets(_ count: Int, within limit: TestWait? = nil) async throws -> [Int64] {
        try await (limit ?? .frames(30 * 48_000, of: self)).until("\(count) audio onsets at the recorder", detail: { "\(self.onsets)" }) {
            state.pointee.onsetCount.load(ordering: .acquiring) >= count
        }
        return onsets
    }

    /// Waits until the process callback has run `count` times.
    func waitForCycles(_ count: Int) async throws {
        let frames = Int64(max(count - cycles, 0) + 2) * Int64(client.bufferSize)
        try await TestWait.frames(frames, of: self).until("\(count) cycles of the recorder") { cycles >= count }
    }
}

extension JackRecorder: JackCycleClock {
    /// The first frame of the latest cycle the recorder finished (-1 before its first).
    var cycleFrame: Int64 { state.pointee.watch.lastStart.load(ordering: .acquiring) }
    var cycleClockName: String { "the recorder \(client.name)" }
}

/// One MIDI event as the recorder saw it.
struct JackRecordedEvent: Hashable, CustomStringConvertible {
    var frame: Int64
    var bytes: [UInt8]

    var description: String {
        "\(frame): " + bytes.map { String($0, radix: 16) }.joined(separator: " ")
    }
}

/// The recorder's realtime state: preallocated, never moves, no class
/// references. Counts are published with release stores after the slots
/// are written, so the reader sees complete entries.
struct JackRecorderState: ~Copyable {
    static let maximumEventSize = 16

    let client: JackClientHandle
    let audioInput: JackPort
    let midiInput: JackPort
    let capacity: Int
    let threshold: Float
    let minimumSilence: Int
    let correctsReadAhead: Bool
    let eventFrames: UnsafeMutablePointer<Int64>
    let eventLengths: UnsafeMutablePointer<Int>
    let eventBytes: UnsafeMutablePointer<UInt8>
    let onsetFrames: UnsafeMutablePointer<Int64>
    let eventCount = Atomic<Int>(0)
    let onsetCount = Atomic<Int>(0)
    let dropped = Atomic<Int>(0)
    let cycles = Atomic<Int>(0)
    let allocations = Atomic<Int>(0)
    let eventSize = JackRecorderState.maximumEventSize
    /// Process thread only.
    var silentRun: Int
    /// The first event and onset slots since the latest jump of frame time.
    var jumpFirstEvent = 0
    var jumpFirstOnset = 0
    var clock = JackFrameClock()
    var watch = JackCycleWatch()

    init(
        client: JackClientHandle, audioInput: JackPort, midiInput: JackPort,
        capacity: Int, threshold: Float, minimumSilence: Int, correctsReadAhead: Bool
    ) {
        self.client = client
        self.audioInput = audioInput
        self.midiInput = midiInput
        self.capacity = capacity
        self.threshold = threshold
        self.minimumSilence = minimumSilence
        self.correctsReadAhead = correctsReadAhead
        silentRun = minimumSilence
        eventFrames = .allocate(capacity: capacity)
        eventFrames.initialize(repeating: 0, count: capacity)
        eventLengths = .allocate(capacity: capacity)
        eventLengths.initialize(repeating: 0, count: capacity)
        eventBytes = .allocate(capacity: capacity * JackRecorderState.maximumEventSize)
        eventBytes.initialize(repeating: 0, count: capacity * JackRecorderState.maximumEventSize)
        onsetFrames = .allocate(capacity: capacity)
        onsetFrames.initialize(repeating: 0, count: capacity)
    }

    deinit {
        eventFrames.deallocate()
        eventLengths.deallocate()
        eventBytes.deallocate()
        onsetFrames.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: JackRecorderState.self), frames: frames)
        return 0
    }

    /// Realtime: reads both inputs into preallocated slots, counting any
    /// heap allocation libjack or this code makes meanwhile.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackRecorderState>, frames: UInt32) {
        _unsafePerformance { tactus_count_allocations_begin() }
        let start = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        switch state.pointee.watch.begin(start: start, frames: frames) {
        case .inStep:
            break
        case .jumped:
            state.pointee.jumpFirstEvent = state.pointee.eventCount.load(ordering: .relaxed)
            state.pointee.jumpFirstOnset = state.pointee.onsetCount.load(ordering: .relaxed)
        case .repeated:
            if state.pointee.correctsReadAhead { moveBackSinceJump(state, by: Int64(truncatingIfNeeded: frames)) }
        }
        if let midi = JackRealtime.midiBuffer(state.pointee.midiInput, frames: frames) {
            let count = JackRealtime.midiEventCount(midi)
            var index: UInt32 = 0
            while index < count {
                if let event = JackRealtime.midiEvent(midi, at: index) {
                    record(state, frame: start + Int64(truncatingIfNeeded: event.time), bytes: event.bytes)
                }
                index += 1
            }
        }
        let audio = JackRealtime.audioBuffer(state.pointee.audioInput, frames: frames)
        let threshold = state.pointee.threshold
        var offset = 0
        while offset < audio.count {
            let sample = audio[offset]
            if sample > threshold || sample < -threshold {
                if state.pointee.silentRun >= state.pointee.minimumSilence {
                    recordOnset(state, frame: start + Int64(truncatingIfNeeded: offset))
                }
                state.pointee.silentRun = 0
            } else {
                state.pointee.silentRun += 1
            }
            offset += 1
        }
        let counted = _unsafePerformance { tactus_count_allocations_end() }
        state.pointee.allocations.add(Int(truncatingIfNeeded: counted), ordering: .relaxed)
        state.pointee.cycles.add(1, ordering: .releasing)
        state.pointee.watch.end(start: start)
    }

    /// Realtime: the cycles since the latest jump had their frame times
    /// read a period ahead (see ``JackCycleWatch``): what they recorded
    /// happened `period` frames earlier. A reader copying the frames just
    /// now may see them unmoved.
    @_noLocks @_noAllocation
    static func moveBackSinceJump(_ state: UnsafeMutablePointer<JackRecorderState>, by period: Int64) {
        var slot = state.pointee.jumpFirstEvent
        while slot < state.pointee.eventCount.load(ordering: .relaxed) {
            state.pointee.eventFrames[slot] -= period
            slot += 1
        }
        slot = state.pointee.jumpFirstOnset
        while slot < state.pointee.onsetCount.load(ordering: .relaxed) {
            state.pointee.onsetFrames[slot] -= period
            slot += 1
        }
    }

    /// Realtime: copies one event into the next free slot, or counts it dropped.
    @_noLocks @_noAllocation
    static func record(_ state: UnsafeMutablePointer<JackRecorderState>, frame: Int64, bytes: UnsafeBufferPointer<UInt8>) {
        let slot = state.pointee.eventCount.load(ordering: .relaxed)
        let size = state.pointee.eventSize
        guard slot < state.pointee.capacity, bytes.count <= size else {
            state.pointee.dropped.add(1, ordering: .relaxed)
            return
        }
        state.pointee.eventFrames[slot] = frame
        state.pointee.eventLengths[slot] = bytes.count
        var index = 0
        while index < bytes.count {
            state.pointee.eventBytes[slot * size + index] = bytes[index]
            index += 1
        }
        state.pointee.eventCount.store(slot + 1, ordering: .releasing)
    }

    /// Realtime: stores one onset frame, or counts it dropped.
    @_noLocks @_noAllocation
    static func recordOnset(_ state: UnsafeMutablePointer<JackRecorderState>, frame: Int64) {
        let slot = state.pointee.onsetCount.load(ordering: .relaxed)
        guard slot < state.pointee.capacity else {
            state.pointee.dropped.add(1, ordering: .relaxed)
            return
        }
        state.pointee.onsetFrames[slot] = frame
        state.pointee.onsetCount.store(slot + 1, ordering: .releasing)
    }
}
