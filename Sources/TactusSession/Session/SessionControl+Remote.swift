import TactusCore
import TactusEngine

extension SessionControl {
    /// A command from a remote control surface, received at about `frame`.
    /// Pedal actions are carried out as a pedal's; a tempo as a pedal's tempo
    /// change (at the next beat or bar, `tempoTiming`); meter, subdivision,
    /// accents and gap from the first bar line `commandLeadFrames` after
    /// `frame` while playing, and from the next start while stopped. Each is
    /// listed in the report's events as a pedal action is, with `cause`.
    /// A grid that cannot be played throws and changes nothing; nothing is
    /// done at or after the session's end.
    public mutating func perform(_ command: RemoteCommand, at frame: Int64, cause: String) throws(SettingError) -> Step {
        guard isSessions(frame) else { return Step() }
        switch command {
        case .action(let action):
            return perform(action, at: frame, cause: cause)
        case .tempo(let target):
            scorer.record(SessionEvent(kind: .pedal, frame: frame, detail: cause))
            return changeTempo(to: target, cause: cause)
        case .mute(let flag):
            scorer.record(SessionEvent(kind: .pedal, frame: frame, detail: cause))
            return Step(commands: [.mute(flag)])
        case .meter, .subdivision, .accents, .gap:
            return try changeGrid(command, at: frame, cause: cause)
        case .query, .register, .unregister:
            return Step()
        }
    }

    /// Waits stopped before anything played: the first start (a pedal, a
    /// key, OSC) plays the session's grid as configured (count-in, changes)
    /// a command lead after it, bar 1 after the count-in.
    public mutating func waitStopped() {
        pendingSpec = timeline.spec
    }

    /// The grid the engine plays at `frame` (the end of its last cycle):
    /// a meter, subdivision or accents taking over at a bar line are in
    /// force once the engine has loaded them and played up to that bar line.
    /// Stopped, the grid the next start plays.
    public func spec(inForceAt frame: Int64) -> TimelineSpec {
        if let pendingSpec { return pendingSpec }
        if let takeover, !takeover.loaded || frame < takeover.frame { return takeover.previous }
        return timeline.spec
    }

    /// The spec the session plays from now on: the one waiting for the next
    /// start, or the playing grid's in the meter and at the tempo in force.
    func currentSpec(atBar bar: Int) -> TimelineSpec {
        if let pendingSpec { return pendingSpec }
        let base = timeline.spec
        var spec = base
        spec.meter = base.changes.last { $0.bar < bar && $0.meter != nil }?.meter ?? base.meter
        spec.beatUnit = base.changes.last { $0.bar < bar && $0.beatUnit != nil }?.beatUnit ?? base.beatUnit
        spec.changes = []
        spec.countInBars = 0
        spec.tempo = tempo
        return spec
    }

    mutating func changeGrid(_ command: RemoteCommand, at frame: Int64, cause: String) throws(SettingError) -> Step {
        let bar = firstBar(atOrAfter: frame + commandLeadFrames)
        var spec = currentSpec(atBar: bar)
        switch command {
        case .meter(let meter):
            spec.meter = meter
            spec.beatUnit = nil
        case .subdivision(let count): spec.subdivision = count
        case .accents(let pattern): spec.accents = pattern
        case .gap(let pattern): spec.gap = pattern
        default: return Step()
        }
        // Checked before anything changes: a pattern that does not fit the bar is refused whole.
        _ = try Timeline(spec: spec, startFrame: frame)
        scorer.record(SessionEvent(kind: .pedal, frame: frame, detail: cause))
        guard playing else {
            pendingSpec = spec
            return Step(feedback: .message("\(cause) from the next start"))
        }
        pendingSpec = nil
        return takeOver(
            with: spec, fromBar: bar, at: timeline.frame(ofBar: bar), soundBank: setlist?.soundBank ?? 0,
            preset: setlist?.presetName, cause: cause, playing: true)
    }
}
