import TactusCore

/// Drives an `Engine` without a server: cycle after cycle of `period` frames
/// from a starting frame time, the way JACK would, collecting what it produces.
/// `tactus render`, tests, offline soaks and benchmarks use it; the engine runs
/// the same code path as under JACK, so a rendered click is the live one.
public struct OfflineDriver: ~Copyable {
    public private(set) var engine: Engine
    public let period: Int
    /// Frame time of the next cycle.
    public internal(set) var frameTime: Int64
    let audio: UnsafeMutableBufferPointer<Float>
    var input: MIDIEventList
    var pedal: MIDIEventList
    /// The last cycle as the engine left it: what it asked of the transport.
    public private(set) var lastCycle = EngineCycle()

    /// What one or more cycles produced, in absolute frames.
    public struct Output {
        public var audio: [Float] = []
        public var midi: [RawMIDIEvent] = []
        public var events: [EngineEvent] = []

        public init() {}
    }

    public init(engine: consuming Engine, period: Int, startFrame: Int64 = 0) {
        self.engine = engine
        self.period = period
        self.frameTime = startFrame
        audio = .allocate(capacity: period)
        audio.initialize(repeating: 0)
        input = MIDIEventList(capacity: 1024)
        pedal = MIDIEventList(capacity: 1024)
    }

    deinit { audio.deallocate() }

    /// Runs one cycle. `input` and `pedal` events carry absolute frames; those
    /// outside this cycle are ignored. `contract` gives the transport and
    /// the xruns, as the JACK driver reads them from the server.
    public mutating func cycle(
        commands: [EngineCommand] = [], input inputEvents: [RawMIDIEvent] = [], pedal pedalEvents: [RawMIDIEvent] = [],
        with contract: EngineCycle = EngineCycle(), into output: inout Output
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
        var contract = contract
        commands.withUnsafeBufferPointer { commands in
            engine.process(
                frames: period, at: frameTime, audio: audio.baseAddress!, input: input, pedal: pedal, commands: commands,
                cycle: &contract)
        }
        lastCycle = contract
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
            var contract = EngineCycle()
            first.withUnsafeBufferPointer { commands in
                engine.process(
                    frames: frames, at: frameTime, audio: audio.baseAddress!, input: input, pedal: pedal, commands: commands,
                    cycle: &contract)
            }
            lastCycle = contract
            first = []
            try emit(UnsafeBufferPointer(rebasing: audio[0..<frames]))
            frameTime += Int64(frames)
        }
    }

    /// Skips `cycles` cycles without processing, as an xrun would.
    public mutating func skip(cycles: Int) {
        frameTime += Int64(cycles * period)
    }
}
