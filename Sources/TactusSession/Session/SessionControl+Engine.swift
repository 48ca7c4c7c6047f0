import TactusCore
import TactusEngine

extension SessionControl {
    /// The commands that load the session's timeline into the engine and
    /// start it playing.
    public func play() -> [EngineCommand] {
        EngineCommand.load(timeline, play: true)
    }

    /// The commands that end the session's playing now. A session that
    /// follows the JACK transport stops following first (`TransportFollower.end`),
    /// so its MIDI clock followers get Stop while the master rolls on.
    public func end(followingTransport: Bool = false) -> [EngineCommand] {
        followingTransport ? TransportFollower.end : [.stop(at: .immediately)]
    }

    /// The standing settings a fresh engine (at the start, after the server
    /// came back) needs: MIDI clock ticks while stopped when the session
    /// asks for them.
    public func engineSettings() -> [EngineCommand] {
        clockWhileStopped ? [.clockWhileStopped(true)] : []
    }

    /// Leading the transport, the frames it rolled off bar 1 when `events`
    /// find it rolling elsewhere (the last such report's): a slow-sync
    /// client held it back, or an xrun let it slip, and the DAW's copy is
    /// that far off the session's grid. Nil when it rolled on bar 1.
    public func transportRolledOff(_ events: [EngineEvent]) -> Int64? {
        guard leadsTransport else { return nil }
        var off: Int64?
        for case .transport(let report) in events where report.sample.rolling && report.sample.offset != timeline.originFrame {
            off = report.sample.offset - timeline.originFrame
        }
        return off
    }
}
