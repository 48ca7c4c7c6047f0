import Foundation
import Synchronization
@testable import TactusJack
import TactusTestSupport

/// A test client that plays a take on `<name>:out`: silence until `play()`
/// and then the first cycle whose start is a multiple of `alignment`, the
/// take from that frame on (its `startFrame`), then silence. The take is copied into
/// preallocated memory before activation.
final class JackAudioPlayer {
    let output: JackPort
    private let host: JackProcessHost<JackAudioPlayerState>

    init(server: String, name: String = "audioplayer", take: [Float], alignment: Int64 = 128) throws {
        let client = try JackClient(name: name, server: server)
        output = try client.registerPort(name: "out", type: .audio, direction: .output)
        host = try JackProcessHost(
            client, state: JackAudioPlayerState(client: client.handle, output: output, take: take, alignment: alignment),
            process: JackAudioPlayerState.process)
        try host.activate()
    }

    var client: JackClient { host.client }
    private var state: UnsafeMutablePointer<JackAudioPlayerState> { host.state }

    /// Plays the take from the next aligned cycle on.
    func play() {
        state.pointee.armed.store(true, ordering: .releasing)
    }

    /// The frame the take's first sample was played at, nil before.
    var startFrame: Int64? {
        let frame = state.pointee.start.load(ordering: .acquiring)
        return frame >= 0 ? frame : nil
    }

    /// Whether the take has been played to its end.
    var finished: Bool {
        state.pointee.finished.load(ordering: .acquiring)
    }

    /// Cycles that did not follow on from the one before (see ``JackCycleWatch``).
    var gaps: Int {
        state.pointee.watch.gaps.load(ordering: .relaxed)
    }

    /// Waits until the take has been played: its length in frames from
    /// now, and a second more (the first aligned cycle, the start).
    func waitUntilFinished() async throws {
        let frames = Int64(state.pointee.take.count) + 48_000
        try await TestWait.frames(frames, of: self).until("the end of the take on \(output.name)") { finished }
    }
}

extension JackAudioPlayer: JackCycleClock {
    var cycleFrame: Int64 { state.pointee.watch.lastStart.load(ordering: .acquiring) }
    var cycleClockName: String { "the audio player \(client.name)" }
}

/// The player's realtime state: preallocated, never moves.
struct JackAudioPlayerState: ~Copyable {
    let client: JackClientHandle
    let output: JackPort
    let take: UnsafeMutableBufferPointer<Float>
    let alignment: Int64
    let armed = Atomic<Bool>(false)
    let start = Atomic<Int64>(-1)
    let finished = Atomic<Bool>(false)
    var clock = JackFrameClock()
    var watch = JackCycleWatch()

    init(client: JackClientHandle, output: JackPort, take: [Float], alignment: Int64) {
        self.client = client
        self.output = output
        self.alignment = alignment
        self.take = .allocate(capacity: take.count)
        _ = self.take.initialize(from: take)
    }

    deinit {
        take.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: JackAudioPlayerState.self), frames: frames)
        return 0
    }

    /// Realtime: plays this cycle's part of the take, or silence.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackAudioPlayerState>, frames: UInt32) {
        let cycleStart = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        state.pointee.watch.begin(start: cycleStart, frames: frames)
        let output = JackRealtime.audioBuffer(state.pointee.output, frames: frames)
        var start = state.pointee.start.load(ordering: .relaxed)
        if start < 0 && cycleStart % state.pointee.alignment == 0 && state.pointee.armed.load(ordering: .acquiring) {
            start = cycleStart
            state.pointee.start.store(start, ordering: .releasing)
        }
        var offset = 0
        while offset < output.count {
            let index = start < 0 ? -1 : cycleStart &- start &+ Int64(offset)
            output[offset] = index >= 0 && index < Int64(state.pointee.take.count) ? state.pointee.take[Int(index)] : 0
            offset += 1
        }
        if start >= 0 && cycleStart &+ Int64(frames) &- start >= Int64(state.pointee.take.count) {
            state.pointee.finished.store(true, ordering: .releasing)
        }
        state.pointee.watch.end(start: cycleStart)
    }
}
