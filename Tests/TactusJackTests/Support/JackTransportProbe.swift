import Synchronization
@testable import TactusJack

/// A test client that watches the transport from its process callback: how
/// absolute frames map to transport frames while it rolls, and where it
/// stopped. With `timebase`, it is also the timebase master
/// (``ThreeFourTimebase``).
final class JackTransportProbe {
    private let host: JackProcessHost<JackTransportProbeState>

    init(server: String, name: String = "probe", timebase: Bool = false) throws {
        let client = try JackClient(name: name, server: server)
        host = try JackProcessHost(
            client, state: JackTransportProbeState(client: client.handle), process: JackTransportProbeState.process)
        try host.activate()
        if timebase {
            try client.becomeTimebaseMaster(ThreeFourTimebase.function, context: nil)
        }
    }

    var client: JackClient { host.client }
    private var state: UnsafeMutablePointer<JackTransportProbeState> { host.state }

    /// Times the transport started rolling.
    var rolls: Int { state.pointee.rolls.load(ordering: .acquiring) }

    /// First frame of the first cycle stopped after the latest roll, or nil
    /// while it rolls.
    var stoppedAt: Int64? {
        let value = state.pointee.stoppedAt.load(ordering: .acquiring)
        return value == Int64.min ? nil : value
    }

    /// First frame of the latest cycle.
    var lastCycleStart: Int64 { state.pointee.lastStart.load(ordering: .acquiring) }

    /// While rolling, each change of absolute minus transport frame (the
    /// first roll, and slips after xruns): from which cycle, which offset.
    var offsets: [(from: Int64, offset: Int64)] {
        let count = state.pointee.offsetCount.load(ordering: .acquiring)
        return (0..<count).map { (state.pointee.offsetStarts[$0], state.pointee.offsetValues[$0]) }
    }

    /// The frames in `frames` on which a beat of `framesPerBeat` falls on
    /// the rolling transport (transport frame 0 being a beat).
    func beats(every framesPerBeat: Int64, in frames: Range<Int64>) -> [Int64] {
        let pieces = offsets.filter { frames.contains($0.from) }
        let end = frames.upperBound
        var beats: [Int64] = []
        for (index, piece) in pieces.enumerated() {
            let until = index + 1 < pieces.count ? pieces[index + 1].from : end
            let from = max(piece.from, frames.lowerBound)
            var beat = (from - piece.offset + framesPerBeat - 1) / framesPerBeat
            while piece.offset + beat * framesPerBeat < min(until, end) {
                beats.append(piece.offset + beat * framesPerBeat)
                beat += 1
            }
        }
        return beats
    }

    /// Cycles that did not start where the previous one ended.
    var gaps: Int { state.pointee.watch.gaps.load(ordering: .relaxed) }
}

struct JackTransportProbeState: ~Copyable {
    let client: JackClientHandle
    var clock = JackFrameClock()
    var watch = JackCycleWatch()
    let rolls = Atomic<Int>(0)
    let stoppedAt = Atomic<Int64>(Int64.min)
    /// Process thread only.
    var wasRolling = false
    let lastStart = Atomic<Int64>(-1)
    let offsetStarts = UnsafeMutablePointer<Int64>.allocate(capacity: 256)
    let offsetValues = UnsafeMutablePointer<Int64>.allocate(capacity: 256)
    let offsetCount = Atomic<Int>(0)

    init(client: JackClientHandle) {
        self.client = client
        offsetStarts.initialize(repeating: 0, count: 256)
        offsetValues.initialize(repeating: 0, count: 256)
    }

    deinit {
        offsetStarts.deallocate()
        offsetValues.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: JackTransportProbeState.self), frames: frames)
        return 0
    }

    /// Realtime: one transport query and a few atomics.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackTransportProbeState>, frames: UInt32) {
        let start = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        state.pointee.watch.begin(start: start, frames: frames)
        let position = JackRealtime.transportQuery(state.pointee.client)
        var rolling = false
        switch position.state {
        case .rolling: rolling = true
        case .stopped, .starting, .looping, .netStarting: break
        }
        let offset = start - Int64(truncatingIfNeeded: position.frame)
        if rolling {
            let count = state.pointee.offsetCount.load(ordering: .relaxed)
            if count < 256 && (!state.pointee.wasRolling || state.pointee.offsetValues[count - 1] != offset) {
                state.pointee.offsetStarts[count] = start
                state.pointee.offsetValues[count] = offset
                state.pointee.offsetCount.store(count + 1, ordering: .releasing)
            }
        }
        if rolling && !state.pointee.wasRolling {
            state.pointee.stoppedAt.store(Int64.min, ordering: .relaxed)
            state.pointee.rolls.add(1, ordering: .releasing)
        }
        if !rolling && state.pointee.wasRolling {
            state.pointee.stoppedAt.store(start, ordering: .releasing)
        }
        state.pointee.wasRolling = rolling
        state.pointee.lastStart.store(start, ordering: .releasing)
        state.pointee.watch.end(start: start)
    }
}

/// 100 BPM in 3/4 at 48 kHz (28 800 frames a beat, 15 a tick), bar 1 at
/// transport frame 0.
enum ThreeFourTimebase {
    static let function: JackTimebaseFunction = { frame, _, _, bbt, _ in
        fill(frame: frame, bbt: bbt)
        return true
    }

    /// Realtime: integer arithmetic only.
    @_noLocks @_noAllocation
    static func fill(frame: UInt32, bbt: UnsafeMutableRawPointer) {
        let frames = Int64(truncatingIfNeeded: frame)
        let beats = frames / 28_800
        let bar = beats / 3
        bbt.storeBytes(of: JackBBT(
            bar: Int32(truncatingIfNeeded: bar + 1), beat: Int32(truncatingIfNeeded: beats % 3 + 1),
            tick: Int32(truncatingIfNeeded: (frames % 28_800) / 15), barStartTick: Double(bar * 3 * 1_920),
            beatsPerBar: 3, beatType: 4, ticksPerBeat: 1_920, beatsPerMinute: 100), as: JackBBT.self)
    }
}
