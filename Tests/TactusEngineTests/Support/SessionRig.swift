import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// A whole session through the offline driver: engine, control side, scorer,
/// and the audio input's detectors, as `tactus run` hands them what a cycle captured.
struct SessionRig: ~Copyable {
    var driver: OfflineDriver
    var control: SessionControl
    var journal = ""
    var ending: SessionControl.Ending?
    var clicks: [Int64] = []
    /// The sample value of each click (which level of which sound bank).
    var clickValues: [Float] = []
    var midi: [RawMIDIEvent] = []
    /// Hits as the steps handed them on (in free time graded against the pulse).
    var hits: [ScoredHit] = []
    /// Bars of the player's own pulse that ended (free time).
    var pulseBars: [SessionPulse.Bar] = []
    /// Where the control side settles after a cycle ending at a frame:
    /// `tactus run`'s, up to where every input has been scored.
    var settle: (Int64, SessionControl) -> Int64? = { processed, control in control.scoredThrough(processed) }
    /// The live view followed step by step, as `tactus run` follows it
    /// without a terminal, and the lines it gave to write.
    var view: LiveViewModel?
    var lines: [String] = []

    init(
        spec: TimelineSpec, bars: Int?, pedalMap: PedalMap? = nil, start: Int64 = 0, setlist: SetlistPlayback? = nil,
        sounds: [[Float]] = [[1.0], [0.5], [0.25], [0.125]], waitsStopped: Bool = false, audio: SessionAudio? = nil,
        period: Int = 64
    ) throws {
        let timeline = try Timeline(spec: spec, startFrame: start)
        control = try SessionControl(
            timeline: timeline, scoring: ScoringSettings(subdivision: 2), bars: bars, pedalMap: pedalMap, setlist: setlist,
            audio: audio)
        driver = OfflineDriver(engine: Engine(sounds: sounds), period: period)
        var output = OfflineDriver.Output()
        // Waiting stopped (a session manager's start): nothing goes to the engine until a start.
        if waitsStopped { control.waitStopped() }
        driver.cycle(commands: waitsStopped ? [] : EngineCommand.load(timeline, play: true), into: &output)
        take(output, commands: [])
    }

    /// A session started from `setup` as `tactus run` starts it: the
    /// engine's settings, the programs' commands and the grid in the first
    /// cycle, from `setup.frameNow`.
    init(setup: SessionSetup, sounds: [[Float]] = [[1.0], [0.5], [0.25], [0.125]], period: Int = 64) throws {
        let started = try setup.start()
        control = started.control
        journal = started.programs.journal
        driver = OfflineDriver(engine: Engine(sounds: sounds), period: period, startFrame: setup.frameNow)
        var output = OfflineDriver.Output()
        driver.cycle(commands: control.engineSettings() + started.programs.commands + control.play(), into: &output)
        take(output, commands: [])
    }

    mutating func take(_ output: OfflineDriver.Output, commands: [EngineCommand]) {
        clicks += output.audio.enumerated().filter { $0.element != 0 }.map { driver.frameTime - Int64(output.audio.count) + Int64($0.offset) }
        clickValues += output.audio.filter { $0 != 0 }
        midi += output.midi
        var step = control.handle(output.events)
        for block in driver.drainAudio() {
            block.withSamples { step.absorb(control.takeAudio($0, at: block.frame, source: block.source)) }
        }
        if let through = settle(driver.frameTime, control) { step.absorb(control.advance(to: through)) }
        if var view {
            lines += view.show(
                step, of: control, frameNow: driver.frameTime, droppedEvents: 0, droppedOSCPackets: nil, lostAudio: 0,
                inputLevelDb: LevelMeter.floorDb, interactive: false)
            self.view = view
        }
        journal += step.journal
        hits += step.hits
        pulseBars += step.pulseBars
        if let ending = step.ending { self.ending = ending }
        pending += step.commands
    }

    var pending: [EngineCommand] = []

    /// Runs cycles until `end` without the control side looking, as a
    /// control loop that wakes late finds them, then hands it all at once.
    mutating func runUnwatched(until end: Int64, input: [RawMIDIEvent] = []) {
        var all = OfflineDriver.Output()
        while driver.frameTime < end {
            var output = OfflineDriver.Output()
            let commands = pending
            pending = []
            driver.cycle(commands: commands, input: input, into: &output)
            all.events += output.events
            all.audio += output.audio
            all.midi += output.midi
        }
        take(all, commands: [])
    }

    /// Runs cycles until `end` or the session ends, feeding `input`,
    /// `pedal` and `audio` (the samples of audio source `source` from frame 0).
    mutating func run(until end: Int64, input: [RawMIDIEvent] = [], pedal: [RawMIDIEvent] = [], audio: [Float] = [], source: Int = 0) {
        while driver.frameTime < end && ending == nil {
            var output = OfflineDriver.Output()
            let commands = pending
            pending = []
            let from = Int(driver.frameTime)
            let samples: [(source: Int, samples: ArraySlice<Float>)] =
                from < audio.count ? [(source, audio[from..<min(from + driver.period, audio.count)])] : []
            driver.cycle(commands: commands, input: input, pedal: pedal, audio: samples, into: &output)
            take(output, commands: commands)
        }
    }
}
