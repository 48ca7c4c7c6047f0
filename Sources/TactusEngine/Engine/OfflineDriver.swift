import TactusCore

/// Drives an `Engine` without a server: cycle after cycle of `period` frames
/// from a starting frame time, the way JACK would, collecting what it produces.
/// `tactus render`, tests, offline soaks and benchmarks use it; the engine runs
/// the same code path as under JACK, so a rendered click is the live one. Each
/// cycle is filled as the JACK driver fills it: the transport its caller
/// simulates, an xrun for the cycles it skipped, and audio input cut into
/// blocks on a ring to the control side (`drainAudio`).
public struct OfflineDriver: ~Copyable {
    public private(set) var engine: Engine
    public let period: Int
    /// Frame time of the next cycle.
    public internal(set) var frameTime: Int64
    let audio: UnsafeMutableBufferPointer<Float>
    var input: MIDIEventList
    var pedal: MIDIEventList
    /// The captured audio's ring, both ends.
    var capture: SPSCProducer<AudioBlock>
    var captured: SPSCConsumer<AudioBlock>
    /// Audio input samples lost because the ring was full.
    public private(set) var lostAudio = 0
    /// The xruns of the cycles skipped since the last cycle ran, and the
    /// frame where the cycles stopped; the next cycle reports them.
    var xruns: (count: Int, frame: Int64)?
    /// The last cycle as the engine left it: what it asked of the transport.
    public private(set) var lastCycle = EngineCycle()

    /// What one or more cycles produced, in absolute frames.
    public struct Output {
        public var audio: [Float] = []
        public var midi: [RawMIDIEvent] = []
        public var events: [EngineEvent] = []

        public init() {}
    }

    /// Blocks the audio ring holds: 1024 of up to 64 samples, over a second at 48 kHz.
    public static let audioRingBlocks = 1024

    public init(engine: consuming Engine, period: Int, startFrame: Int64 = 0) {
        self.engine = engine
        self.period = period
        self.frameTime = startFrame
        audio = .allocate(capacity: period)
        audio.initialize(repeating: 0)
        input = MIDIEventList(capacity: 1024)
        pedal = MIDIEventList(capacity: 1024)
        let ring = SPSCRing<AudioBlock>(capacity: Self.audioRingBlocks)
        capture = ring.producer
        captured = ring.consumer
    }

    deinit { audio.deallocate() }

    /// Runs one cycle. `input` and `pedal` events carry absolute frames; those
    /// outside this cycle are ignored. `audio` gives each audio input's
    /// samples of the cycle from its first frame (at most a period), for
    /// the ring; `transport` the transport at the cycle's first frame, as
    /// the JACK driver reads it from the server.
    public mutating func cycle(
        commands: [EngineCommand] = [], input inputEvents: [RawMIDIEvent] = [], pedal pedalEvents: [RawMIDIEvent] = [],
        audio inputs: [(source: Int, samples: ArraySlice<Float>)] = [], transport: TransportSample? = nil,
        into output: inout Output
    ) {
        let range = frameTime..<(frameTime + Int64(period))
        input.removeAll()
        pedal.removeAll()
        for event in inputEvents where range.contains(event.frame) {
            var relative = event
            relative.frame -= frameTime
            input.append(relative)
        }
        for event in pedalEvents where range.contains(event.frame) {
            var relative = event
            relative.frame -= frameTime
            pedal.append(relative)
        }
        var block = AudioBlock()
        let start = frameTime
        for (source, samples) in inputs {
            precondition(samples.count <= period, "more audio than a cycle holds")
            let lost = samples.withUnsafeBufferPointer { capture.push($0, at: start, source: source, through: &block) }
            lostAudio += lost
        }
        process(frames: period, commands: commands, transport: transport)
        output.audio.append(contentsOf: audio)
        for index in 0..<engine.midiOut.count {
            var event = engine.midiOut[index]
            event.frame += frameTime
            output.midi.append(event)
        }
        for index in 0..<engine.events.count { output.events.append(engine.events[index]) }
        frameTime += Int64(period)
    }

    /// Runs cycles until `frameTime` reaches `end`.
    public mutating func run(until end: Int64, into output: inout Output) {
        while frameTime < end { cycle(into: &output) }
    }

    /// Runs cycles until `frameTime` reaches `end`, `commands` in the first,
    /// and hands each cycle's audio to `emit` instead of keeping it: a render
    /// of any length in one period's memory. The last cycle is cut short at
    /// `end`, so nothing after it is played.
    public mutating func render<E: Error>(
        until end: Int64, commands: [EngineCommand] = [], emit: (UnsafeBufferPointer<Float>) throws(E) -> Void
    ) throws(E) {
        input.removeAll()
        pedal.removeAll()
        var first = commands
        while frameTime < end {
            let frames = Int(min(Int64(period), end - frameTime))
            process(frames: frames, commands: first, transport: nil)
            first = []
            try emit(UnsafeBufferPointer(rebasing: audio[0..<frames]))
            frameTime += Int64(frames)
        }
    }

    /// Skips `cycles` cycles without processing, as the server does in an
    /// xrun: the next cycle reports one xrun more, at the frame where the
    /// cycles stopped.
    public mutating func skip(cycles: Int) {
        xruns = ((xruns?.count ?? 0) + 1, xruns?.frame ?? frameTime)
        frameTime += Int64(cycles * period)
    }

    /// Takes every block of audio input the cycles captured so far, in frame
    /// order, as `JackEngineHost.drainAudio` does.
    public mutating func drainAudio() -> [AudioBlock] {
        captured.popAll()
    }

    /// Runs the engine on the cycle at `frameTime`, with the xruns of the
    /// cycles skipped before it.
    mutating func process(frames: Int, commands: [EngineCommand], transport: TransportSample?) {
        var cycle = EngineCycle(transport: transport, xruns: xruns)
        xruns = nil
        commands.withUnsafeBufferPointer { commands in
            engine.process(
                frames: frames, at: frameTime, audio: audio.baseAddress!, input: input, pedal: pedal, commands: commands,
                cycle: &cycle)
        }
        lastCycle = cycle
    }
}
