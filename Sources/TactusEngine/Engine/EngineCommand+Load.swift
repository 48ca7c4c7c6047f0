import TactusCore

extension EngineCommand {
    /// The commands that load `timeline` into the engine, starting to play when `play`.
    public static func load(_ timeline: Timeline, play: Bool) -> [EngineCommand] {
        timeline.segments.map { EngineCommand(kind: .loadSegment, segment: $0) }
            + [EngineCommand(kind: .commitLoad, flag: play)]
    }
}
