import TactusCore
@testable import TactusEngine

/// An engine under an offline driver with a timeline loaded in its first cycle.
struct Rig: ~Copyable {
    var d: OfflineDriver
    let timeline: Timeline
    var out = OfflineDriver.Output()

    init(_ spec: TimelineSpec, start: Int64 = 0, period: Int = 64, play: Bool = true) throws {
        timeline = try Timeline(spec: spec, startFrame: start)
        d = OfflineDriver(engine: Engine(sounds: impulseSounds), period: period, startFrame: 0)
        d.cycle(commands: EngineCommand.load(timeline, play: play), into: &out)
    }

    mutating func run(until end: Int64) { d.run(until: end, into: &out) }

    mutating func cycle(
        _ commands: [EngineCommand] = [], input: [RawMIDIEvent] = [], pedal: [RawMIDIEvent] = []
    ) {
        d.cycle(commands: commands, input: input, pedal: pedal, into: &out)
    }
}
