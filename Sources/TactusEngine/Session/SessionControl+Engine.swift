import TactusCore

extension SessionControl {
    /// The commands that load the session's timeline into the engine and
    /// start it playing.
    public func play() -> [EngineCommand] {
        EngineCommand.load(timeline, play: true)
    }

    /// The commands that end the session's playing now. A session following
    /// the JACK transport ends with `TransportFollower.end` instead.
    public func end() -> [EngineCommand] {
        [.stop(at: .immediately)]
    }

    /// The standing settings a fresh engine (at the start, after the server
    /// came back) needs: MIDI clock ticks while stopped when the session
    /// asks for them.
    public func engineSettings() -> [EngineCommand] {
        clockWhileStopped ? [.clockWhileStopped(true)] : []
    }
}
