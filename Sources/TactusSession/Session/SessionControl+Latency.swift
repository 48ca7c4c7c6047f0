import TactusCore
import TactusEngine

extension SessionControl {
    /// The latency compensation in force now (the latest change's, else the
    /// session's starting one).
    public var latency: LatencyCompensation {
        scorer.latencyInForce
    }

    /// The server's port latencies are now `clickOutputFrames` and
    /// `inputCaptureFrames`: hits from `frame` on are compensated with them
    /// (the user offset stays). Nothing changes when they are the ones in
    /// force; otherwise the change is listed in the report and journaled.
    /// Parts of the kit on their own layers play through the same input and
    /// follow the same change. Nothing changes at or after the session's end.
    public mutating func portLatencies(clickOutputFrames: Int64, inputCaptureFrames: Int64, from frame: Int64) -> Step {
        var step = Step()
        guard isSessions(frame) else { return step }
        if let group = players, group.routing != nil {
            for index in group.players.indices {
                portLatencies(player: index, clickOutputFrames: clickOutputFrames, inputCaptureFrames: inputCaptureFrames, from: frame)
            }
        }
        guard let event = scorer.portLatencies(
            clickOutputFrames: clickOutputFrames, inputCaptureFrames: inputCaptureFrames, from: frame) else { return step }
        step.journal = SessionJournal.line(.event(event))
        step.feedback = .message(event.detail)
        return step
    }

    /// The same for player `index` of a group session: the latencies of the
    /// click's path they hear and of what feeds their port.
    public mutating func portLatencies(player index: Int, clickOutputFrames: Int64, inputCaptureFrames: Int64, from frame: Int64) {
        guard isSessions(frame) else { return }
        _ = players?.portLatencies(
            player: index, clickOutputFrames: clickOutputFrames, inputCaptureFrames: inputCaptureFrames, from: frame)
    }
}
