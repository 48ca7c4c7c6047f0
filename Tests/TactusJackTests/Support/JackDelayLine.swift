import Foundation
import Synchronization
@testable import TactusJack

/// A test client that plays back what reaches its input `delay` frames
/// later, like a cable through an interface with that much latency:
/// `<name>:in` → `<name>:out`. Samples are kept by absolute frame in a
/// preallocated ring, so the delay is exact across cycle boundaries.
final class JackDelayLine {
    let input: JackPort
    let output: JackPort
    private let host: JackProcessHost<JackDelayLineState>

    init(server: String, name: String = "delay", delay: Int64) throws {
        let client = try JackClient(name: name, server: server)
        input = try client.registerPort(name: "in", type: .audio, direction: .input)
        output = try client.registerPort(name: "out", type: .audio, direction: .output)
        host = try JackProcessHost(
            client, state: JackDelayLineState(client: client.handle, input: input, output: output, delay: delay),
            process: JackDelayLineState.process)
        try host.activate()
    }

    var client: JackClient { host.client }
    private var state: UnsafeMutablePointer<JackDelayLineState> { host.state }

    /// Cycles that started later than the previous one ended.
    var gaps: Int {
        state.pointee.watch.gaps.load(ordering: .relaxed)
    }
}

/// The delay line's realtime state: preallocated, never moves.
struct JackDelayLineState: ~Copyable {
    static let capacity = 1 << 15

    let client: JackClientHandle
    let input: JackPort
    let output: JackPort
    let delay: Int64
    let samples: UnsafeMutablePointer<Float>
    var clock = JackFrameClock()
    var watch = JackCycleWatch()

    init(client: JackClientHandle, input: JackPort, output: JackPort, delay: Int64) {
        self.client = client
        self.input = input
        self.output = output
        self.delay = delay
        samples = .allocate(capacity: Self.capacity)
        samples.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        samples.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: JackDelayLineState.self), frames: frames)
        return 0
    }

    /// Realtime: stores this cycle's input and plays the input of `delay` frames ago.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackDelayLineState>, frames: UInt32) {
        let start = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        state.pointee.watch.begin(start: start, frames: frames)
        let input = JackRealtime.audioBuffer(state.pointee.input, frames: frames)
        let output = JackRealtime.audioBuffer(state.pointee.output, frames: frames)
        let mask = Int64(Self.capacity - 1)
        var offset = 0
        while offset < input.count && offset < output.count {
            let frame = start &+ Int64(truncatingIfNeeded: offset)
            state.pointee.samples[Int(truncatingIfNeeded: frame & mask)] = input[offset]
            output[offset] = state.pointee.samples[Int(truncatingIfNeeded: (frame &- state.pointee.delay) & mask)]
            offset += 1
        }
        state.pointee.watch.end(start: start)
    }
}
