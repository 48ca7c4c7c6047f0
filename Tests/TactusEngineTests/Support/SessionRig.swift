import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// A whole session through the offline driver: engine, control side, scorer.
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

    init(
        spec: TimelineSpec, bars: Int?, pedalMap: PedalMap? = nil, start: Int64 = 0, setlist: SetlistPlayback? = nil,
        sounds: [[Float]] = [[1.0], [0.5], [0.25], [0.125]], waitsStopped: Bool = false
    ) throws {
        let timeline = try Timeline(spec: spec, startFrame: start)
        control = try SessionControl(
            timeline: timeline, scoring: ScoringSettings(subdivision: 2), bars: bars, pedalMap: pedalMap, setlist: setlist)
        driver = OfflineDriver(engine: Engine(sounds: sounds), period: 64)
        var output = OfflineDriver.Output()
        // Waiting stopped (a session manager's start): nothing goes to the engine until a start.
        if waitsStopped { control.waitStopped() }
        driver.cycle(commands: waitsStopped ? [] : EngineCommand.load(timeline, play: true), into: &output)
        take(output, commands: [])
    }

    mutating func take(_ output: OfflineDriver.Output, commands: [EngineCommand]) {
        clicks += output.audio.enumerated().filter { $0.element != 0 }.map { driver.frameTime - Int64(output.audio.count) + Int64($0.offset) }
        clickValues += output.audio.filter { $0 != 0 }
        midi += output.midi
        var step = control.handle(output.events)
        step.absorb(control.advance(to: driver.frameTime))
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

    /// Runs cycles until `end` or the session ends, feeding `input` and `pedal`.
    mutating func run(until end: Int64, input: [RawMIDIEvent] = [], pedal: [RawMIDIEvent] = []) {
        while driver.frameTime < end && ending == nil {
            var output = OfflineDriver.Output()
            let commands = pending
            pending = []
            driver.cycle(commands: commands, input: input, pedal: pedal, into: &output)
            take(output, commands: commands)
        }
    }
}
