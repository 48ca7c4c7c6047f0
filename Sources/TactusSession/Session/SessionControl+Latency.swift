import TactusCore
import TactusEngine

extension SessionControl {
    /// The latency compensation in force now (the latest change's, else the
    /// session's starting one).
    public var latency: LatencyCompensation {
        scorer.latencyInForce
    }

    /// The server's port latencies are now `latencies`: hits from `frame` on
    /// are compensated with them, the user offsets staying. The session's
    /// scorer follows its input's, each player of a group theirs, and parts
    /// of the kit on their own layers, which play through the session's
    /// input, the session's. Nothing changes for a scorer whose latencies are
    /// the ones in force; the session's change is listed in the report and
    /// journaled. Nothing changes at or after the session's end.
    public mutating func portLatencies(_ latencies: PortLatencies, from frame: Int64) -> Step {
        guard isSessions(frame) else { return Step() }
        players.portLatencies(latencies, from: frame)
        let input = latencies.session
        guard let event = scorer.portLatencies(
            clickOutputFrames: input.clickOutputFrames, inputCaptureFrames: input.inputCaptureFrames, from: frame)
        else { return Step() }
        return Step(journal: SessionJournal.line(.event(event)), feedback: .message(event.detail))
    }
}
