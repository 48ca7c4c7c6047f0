import TactusCore
import TactusEngine

extension TransportFollower {
    /// The server came back (`tactus run --reconnect`): the new engine holds
    /// no plan and its frames are on another clock, so the next transport
    /// report is planned afresh, the bars going on from where the session
    /// stood (the scoring is kept).
    public mutating func serverReturned() {
        pending = nil
        waitingUntil = nil
        plannedAt = .min
        sawMaster = false
        lastProblem = nil
    }
}
