import Glibc
import Synchronization
import TactusCore
import TactusEngine

/// Everything the process callback touches, allocated before activation and
/// never moved: the engine, the port handles, the per-cycle input lists and
/// the ring ends. It holds no class references.
struct JackEngineState: ~Copyable {
    var engine: Engine
    var frameClock = JackFrameClock()
    let client: JackClientHandle
    let clickPort: JackPort
    let clockPort: JackPort
    let inputPort: JackPort
    let pedalPort: JackPort
    /// Group sessions: the MIDI inputs of the players who play MIDI
    /// (`playerCount` of the `JackEngineHost.maxPlayers` slots in use); read
    /// instead of `inputPort`, each event stamped with its player's index
    /// (`playerIndices`).
    let playerPorts: UnsafeMutableBufferPointer<JackPort>
    let playerIndices: UnsafeMutableBufferPointer<UInt8>
    let playerCount: Int
    /// The server's rate, for the period a cycle of `frames` may take.
    let sampleRate: Int
    /// Audio inputs (`audio-in`, or the players' who play audio), when the
    /// session listens to any (`audioCount` of the slots in use): each
    /// cycle's samples go to `audio` with the cycle's start frame, stamped
    /// with the input's source (`audioSources`: the player's index, else 0).
    let audioPorts: UnsafeMutableBufferPointer<JackPort>
    let audioSources: UnsafeMutableBufferPointer<Int>
    let audioCount: Int
    var audio: SPSCProducer<AudioBlock>
    var audioBlock = AudioBlock()
    var input: MIDIEventList
    var pedal: MIDIEventList
    let commandBuffer: UnsafeMutableBufferPointer<EngineCommand>
    var commands: SPSCConsumer<EngineCommand>
    var events: SPSCProducer<EngineEvent>
    /// Published for the control side (atomics in memory that never moves).
    let meters: UnsafeMutablePointer<JackEngineMeters>
    /// The client's notification semaphore: posted when a cycle reported
    /// something, so the control thread sleeps until there is work.
    let wake: UnsafeMutablePointer<sem_t>
    /// The client's callback counters: the xrun count is read each cycle.
    let signals: UnsafeMutablePointer<JackClientSignals>
    var xrunWatch = JackXrunWatch()
}

/// Counters the process callback publishes and the control side reads.
struct JackEngineMeters: ~Copyable {
    /// 64-bit frame time of the last cycle's first frame, and its 32-bit JACK value.
    let lastCycleStart = Atomic<Int64>(-1)
    /// Cycles that did not start where the previous one ended (xruns, or
    /// JACK skipping this client), and where the next one should start.
    let skippedCycles = Atomic<Int>(0)
    let expectedNextStart = Atomic<Int64>(-1)
    /// MIDI input events longer than three bytes (sysex), skipped.
    let skippedLong = Atomic<Int>(0)
    /// Input events refused because a cycle's input list was full.
    let droppedInput = Atomic<Int>(0)
    /// Audio input samples lost because the ring to the control side was full.
    let lostAudio = Atomic<Int>(0)
    /// MIDI output events that did not fit the cycle's list or JACK's buffer.
    let refusedOutput = Atomic<Int>(0)
    /// Engine events that did not fit the cycle's list (the ring counts
    /// those it refused itself; the host adds the two).
    let droppedEvents = Atomic<Int>(0)
    /// What each cycle cost, and how many ran.
    let cycleMeter = JackCycleMeter()
}
