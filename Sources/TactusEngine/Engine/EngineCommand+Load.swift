import TactusCore

extension EngineCommand {
    /// The commands that load `timeline` into the engine, starting to play when `play`.
    public static func load(_ timeline: Timeline, play: Bool) -> [EngineCommand] {
        timeline.segments.map { .loadSegment($0) } + timeline.spec.layers.map { .loadLayer($0.code) } + [.commitLoad(play: play)]
    }
}
