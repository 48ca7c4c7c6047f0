import Synchronization
import TactusCore
import TactusEngine

/// An audio input for measuring the round trip of the click, as
/// `jack_iodelay` does: the click leaves on `tactus:click`, goes through the
/// player's loop (a cable from an output to an input of the interface) and
/// comes back on this client's `in` port, whose process callback finds the
/// onsets (`OnsetDetector`) and passes their absolute frames to the control
/// side through a ring.
///
/// It is a JACK client of its own (`<name>:in`) rather than a fourth port of
/// the engine's: a loop that returns into the client that sent it closes a
/// cycle in JACK's graph, and JACK then hands the input the previous cycle's
/// audio, one period late. As a second client it runs after the loop's other
/// clients in the same cycle, so frames on both sides share one clock.
public final class JackLoopbackInput: JackClientOwner, @unchecked Sendable {
    public let port: JackPort
    private let host: JackProcessHost<JackLoopbackState>
    private let onsets: Mutex<SPSCConsumer<Int64>>

    /// Opens the client `name` and registers its `in` port (not yet active).
    public init(name: String, server: String?, detector: OnsetDetector) throws(JackError) {
        let client = try JackClient(name: name, server: server)
        port = try client.registerPort(name: "in", type: .audio, direction: .input)
        let ring = SPSCRing<Int64>(capacity: 4096)
        onsets = Mutex(ring.consumer)
        host = try JackProcessHost(
            client, state: JackLoopbackState(client: client.handle, port: port, detector: detector, onsets: ring.producer),
            process: JackLoopbackDriver.process)
        super.init(client: client)
    }

    private var state: UnsafeMutablePointer<JackLoopbackState> { host.state }

    /// The onset frames found since the last call, in order.
    public func drainOnsets() -> [Int64] {
        onsets.withLock { $0.popAll() }
    }

    /// Onsets lost because the ring was full.
    public var droppedOnsets: Int { onsets.withLock { $0.droppedCount } }

    /// The loudest sample heard so far (magnitude), to tell silence from a
    /// signal below the threshold.
    public var peak: Float { Float(bitPattern: state.pointee.peakBits.load(ordering: .relaxed)) }

    /// The first frame of the latest cycle processed, or nil before the first.
    public var lastCycleStart: Int64? { state.pointee.cycles.lastCycleStart }

    /// Capture latency JACK reports for the port (`jack_port_get_latency_range`,
    /// the larger end), in frames: the part of the round trip JACK knows about
    /// on the way in.
    public func captureLatency() -> Int64 {
        Int64((try? client.portLatencyRange(port, mode: .capture))?.max ?? 0)
    }
}

/// Everything the loopback callback touches: preallocated, never moved, no
/// class references.
struct JackLoopbackState: ~Copyable {
    let client: JackClientHandle
    let port: JackPort
    var detector: OnsetDetector
    var onsets: SPSCProducer<Int64>
    var cycles = JackCycleClock()
    let peakBits = Atomic<UInt32>(0)
}

/// The loopback client's process callback, in a file of its own so nothing
/// captures main-actor state.
enum JackLoopbackDriver {
    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        JackLoopbackDriver.run(context.assumingMemoryBound(to: JackLoopbackState.self), frames: frames)
        return 0
    }

    /// Realtime: reads the cycle's samples, pushes onset frames; no
    /// allocation, no locks, only wait-free JACK calls.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackLoopbackState>, frames: UInt32) {
        let cycleStart = state.pointee.cycles.start(state.pointee.client)
        let audio = JackRealtime.audioBuffer(state.pointee.port, frames: frames)
        var peak = Float(bitPattern: state.pointee.peakBits.load(ordering: .relaxed))
        var offset = 0
        while offset < audio.count {
            let sample = audio[offset]
            if state.pointee.detector.isOnset(sample) {
                var frame = cycleStart &+ Int64(truncatingIfNeeded: offset)
                state.pointee.onsets.push(&frame)
            }
            if sample > peak { peak = sample } else if -sample > peak { peak = -sample }
            offset += 1
        }
        state.pointee.peakBits.store(peak.bitPattern, ordering: .relaxed)
        state.pointee.cycles.finish(cycleStart, frames: frames)
    }
}
