import Synchronization
import TactusCore
import TactusEngine

/// Runs an `Engine` as a JACK client with the ports of the contract
/// (``portDescriptions``): `click` (audio out), `clock` (MIDI out), `input`
/// and `pedal` (MIDI in), an audio input and the players' inputs when asked.
/// The control side talks to it only through rings: `send` commands in,
/// `drainEvents` reports out. Everything the process callback touches is
/// allocated here, before activation, and freed only after the client closed.
public final class JackEngineHost: JackClientOwner, @unchecked Sendable {
    public let clickPort: JackPort
    public let clockPort: JackPort
    public let inputPort: JackPort
    public let pedalPort: JackPort
    /// Group sessions: one input per player, `CLIENT:player-NAME`, in
    /// the order given (MIDI, or audio for those in `audioPlayers`); empty
    /// for one player (who plays into `inputPort`).
    public let playerPorts: [JackPort]
    /// Group sessions: which players play audio (their input is scored by
    /// onset detection, its blocks stamped with the player's index).
    public let audioPlayers: [Bool]
    /// `CLIENT:audio-in`, the audio input scored by onset detection; nil
    /// unless the host was made with `audioInput`.
    public let audioPort: JackPort?
    /// What the process callback (and, leading the transport, the timebase
    /// callback) works on.
    let state: UnsafeMutablePointer<JackEngineState>
    private let meters: UnsafeMutablePointer<JackEngineMeters>
    private let commands: Mutex<SPSCProducer<EngineCommand>>
    private let events: Mutex<SPSCConsumer<EngineEvent>>
    private let audio: Mutex<SPSCConsumer<AudioBlock>>

    /// Blocks in the audio ring: 4096 blocks of up to 64 samples, over a
    /// second of audio at 192 kHz with periods of 64 frames or more, five at 48 kHz.
    public static let audioRingBlocks = 4096

    /// Opens the client and registers the four ports (`layerSounds`: four
    /// levels for each click layer), and one input per
    /// name in `players` (at most `maxPlayers`) for a group session — an
    /// audio one for a name in `audioPlayers` — and with `audioInput` the
    /// audio input `audio-in` (not yet active).
    public init(
        name: String, server: String?, sounds: [[Float]], layerSounds: [[Float]] = [], players: [String] = [], audioPlayers: Set<String> = [],
        audioInput: Bool = false
    ) throws(JackError) {
        let client = try JackClient(name: name, server: server)
        clickPort = try client.registerPort(name: Self.clickPortName, type: .audio, direction: .output)
        clockPort = try client.registerPort(name: Self.clockPortName, type: .midi, direction: .output)
        inputPort = try client.registerPort(name: Self.inputPortName, type: .midi, direction: .input)
        pedalPort = try client.registerPort(name: Self.pedalPortName, type: .midi, direction: .input)
        var registered: [JackPort] = []
        var plays: [Bool] = []
        for player in players.prefix(Self.maxPlayers) {
            let isAudio = audioPlayers.contains(player)
            registered.append(try client.registerPort(
                name: Self.playerPortName(player), type: isAudio ? .audio : .midi, direction: .input))
            plays.append(isAudio)
        }
        playerPorts = registered
        self.audioPlayers = plays
        audioPort = audioInput ? try client.registerPort(name: Self.audioPortName, type: .audio, direction: .input) : nil
        let midiIndices = registered.indices.filter { !plays[$0] }
        let audioIndices = registered.indices.filter { plays[$0] }
        let audioInputs = audioIndices.map { registered[$0] } + [audioPort].compactMap { $0 }
        let playerSlots = Self.slots(midiIndices.map { registered[$0] }, capacity: Self.maxPlayers)
        let playerIndices = Self.slots(midiIndices.map { UInt8($0) }, capacity: Self.maxPlayers)
        let audioSlots = Self.slots(audioInputs, capacity: Self.maxPlayers + 1)
        // Each audio input's source: its player's index, 0 for `audio-in`.
        let audioSources = Self.slots(audioIndices + (audioPort == nil ? [] : [0]), capacity: Self.maxPlayers + 1)
        let commandRing = SPSCRing<EngineCommand>(capacity: 1024)
        let eventRing = SPSCRing<EngineEvent>(capacity: 16_384)
        let audioRing = SPSCRing<AudioBlock>(capacity: audioInputs.isEmpty ? 1 : Self.audioRingBlocks)
        meters = .allocate(capacity: 1)
        meters.initialize(to: JackEngineMeters())
        let commandBuffer = UnsafeMutableBufferPointer<EngineCommand>.allocate(capacity: 1024)
        state = .allocate(capacity: 1)
        state.initialize(to: JackEngineState(
            engine: Engine(sounds: sounds, layerSounds: layerSounds, maxEventsPerCycle: 2048),
            client: client.handle, clickPort: clickPort, clockPort: clockPort, inputPort: inputPort, pedalPort: pedalPort,
            playerPorts: playerSlots, playerIndices: playerIndices, playerCount: midiIndices.count,
            sampleRate: client.sampleRate, audioPorts: audioSlots, audioSources: audioSources, audioCount: audioInputs.count,
            audio: audioRing.producer,
            input: MIDIEventList(capacity: 2048), pedal: MIDIEventList(capacity: 512),
            commandBuffer: commandBuffer, commands: commandRing.consumer, events: eventRing.producer,
            meters: meters, wake: client.signals.pointer.pointee.wake, signals: client.signals.pointer))
        commands = Mutex(commandRing.producer)
        events = Mutex(eventRing.consumer)
        audio = Mutex(audioRing.consumer)
        super.init(client: client)
        try client.setProcess(JackEngineDriver.process, context: UnsafeMutableRawPointer(state))
    }

    /// `capacity` slots for the process callback, the first holding `values`
    /// (the rest never read).
    private static func slots<Value>(_ values: [Value], capacity: Int) -> UnsafeMutableBufferPointer<Value> {
        let slots = UnsafeMutableBufferPointer<Value>.allocate(capacity: capacity)
        _ = slots.initialize(fromContentsOf: values)
        return slots
    }

    deinit {
        client.close()
        // A client abandoned to its dead server may still be in a callback.
        if client.isAbandoned { return }
        state.pointee.commandBuffer.deallocate()
        state.pointee.playerPorts.deallocate()
        state.pointee.playerIndices.deallocate()
        state.pointee.audioPorts.deallocate()
        state.pointee.audioSources.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        meters.deinitialize(count: 1)
        meters.deallocate()
    }

    /// Queues commands for the engine; returns how many the ring refused.
    @discardableResult
    public func send(_ list: [EngineCommand]) -> Int {
        let refused = commands.withLock { producer in
            var refused = 0
            for command in list where !producer.push(command) { refused += 1 }
            return refused
        }
        refusedCommands += refused
        return refused
    }

    /// Commands the ring to the engine has refused so far.
    public private(set) var refusedCommands = 0

    /// MIDI output events the JACK port refused (its buffer full).
    public var refusedOutput: Int { meters.pointee.refusedOutput.load(ordering: .relaxed) }

    /// Takes every report the engine has produced so far.
    public func drainEvents() -> [EngineEvent] {
        events.withLock { $0.popAll() }
    }

    /// Events lost because the cycle's list or the ring to the control side was full.
    public var droppedEvents: Int {
        meters.pointee.droppedEvents.load(ordering: .relaxed)
            + events.withLock { $0.droppedCount }
    }

    /// Takes every block of audio input captured so far, in frame order.
    public func drainAudio() -> [AudioBlock] {
        audio.withLock { $0.popAll() }
    }

    /// Audio input samples lost because the ring to the control side was full.
    public var lostAudio: Int { meters.pointee.lostAudio.load(ordering: .relaxed) }

    /// MIDI input events lost (cycle list full) and long ones skipped (sysex).
    public var droppedInput: Int { meters.pointee.droppedInput.load(ordering: .relaxed) }
    public var skippedLongInput: Int { meters.pointee.skippedLong.load(ordering: .relaxed) }
    public var cycles: Int { meters.pointee.cycleMeter.cycles }
    /// Cycles that did not follow on from the previous one (xruns, skipped cycles).
    public var skippedCycles: Int { meters.pointee.skippedCycles.load(ordering: .relaxed) }
    /// What the process callback's cycles cost so far; nil before the first.
    public var processCycleCost: ProcessCycleCost? {
        meters.pointee.cycleMeter.cost(budget: CycleBudget(frames: client.bufferSize, sampleRate: client.sampleRate))
    }

    /// The 64-bit frame time now, or nil before the first cycle ran and once
    /// the server has gone away: JACK's 32-bit `jack_frame_time` extended
    /// from the last cycle's 64-bit start.
    public var frameTimeNow: Int64? {
        guard let last = lastCycleStart, !client.isShutDown else { return nil }
        return client.frameTime(after: last)
    }

    /// The 64-bit frame time of the last cycle's first frame, or nil before
    /// the first cycle ran; cycles start every buffer size from there.
    public var lastCycleStart: Int64? {
        let last = meters.pointee.lastCycleStart.load(ordering: .acquiring)
        return last >= 0 ? last : nil
    }

    /// The frame just after the last cycle the engine ran, or nil before the
    /// first: where a session whose server went away stopped playing.
    public var lastCycleEnd: Int64? {
        lastCycleStart.map { $0 + Int64(client.bufferSize) }
    }

    /// Waits (polling the notification semaphore) until the first cycle ran.
    public func waitForFirstCycle(timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if frameTimeNow != nil { return true }
            _ = client.waitForNotification(timeout: .milliseconds(5))
        }
        return frameTimeNow != nil
    }

    /// Waits, up to `timeout`, for the first cycle, and checks that the
    /// server runs at `sampleRate` when one is given: what a client must
    /// know before it plays.
    public func awaitCycles(within timeout: Duration, at sampleRate: Int? = nil) throws(JackError) {
        guard waitForFirstCycle(timeout: timeout) else { throw .notRunningCycles(server: serverName) }
        guard let sampleRate, sampleRate != self.sampleRate else { return }
        throw .sampleRateMismatch(server: serverName, rate: self.sampleRate, needed: sampleRate)
    }

    /// JACK's latencies tactus compensates, in frames: the playback latency
    /// of the click's path (``outputLatencyFrames()``) and the capture
    /// latency of what feeds `tactus:input`, or `tactus:audio-in` when the
    /// host has it (``captureLatencyFrames(feeding:)``).
    public func latencies() -> (clickFrames: Int64, inputFrames: Int64) {
        (outputLatencyFrames(), captureLatencyFrames(feeding: audioPort ?? inputPort))
    }

    /// The capture latency of what feeds the input port `port` (the larger
    /// end of ``JackClient/captureLatency(feeding:)``), in frames: the delay
    /// from a note played at the graph's edge to its arrival at `port`.
    public func captureLatencyFrames(feeding port: JackPort) -> Int64 {
        Int64(client.captureLatency(feeding: port).max)
    }

    /// The playback latency of the click's path (the larger end of
    /// ``JackClient/playbackLatency(leaving:)``), or of the clock's when the
    /// click is connected nowhere and the clock is: the delay from a beat's
    /// frame to the player hearing (or a drum machine playing) it.
    public func outputLatencyFrames() -> Int64 {
        let port = !client.isConnected(clickPort) && client.isConnected(clockPort) ? clockPort : clickPort
        return Int64(client.playbackLatency(leaving: port).max)
    }

    /// Changes whenever JACK reorders the graph or recomputes latencies: when
    /// it differs from the last value seen, reread the latencies.
    public var latencyGeneration: Int {
        client.graphOrderCount &+ client.latencyChangeCount
    }
}
