/// What a speed trainer asks for at the end of a bar, and why.
public struct SpeedTrainerDecision: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Play from `bar` at this tempo.
        case setTempo(Tempo)
        /// End the session before `bar`.
        case stop
    }

    /// The first bar the action applies to (the bar after the one that ended).
    public var bar: Int
    public var action: Action
    /// One line for the report and the live view, e.g. "bars 3–4 at 65 BPM:
    /// mean +3.1 ms, sd 5.2 ms within ±10.0 / 8.0 ms: 70 BPM from bar 5".
    public var reason: String

    /// The change to put in a timeline (or send as a next-bar tempo command).
    public var tempoChange: TempoChange? {
        guard case .setTempo(let tempo) = action else { return nil }
        return TempoChange(bar: bar, tempo: tempo)
    }
}
