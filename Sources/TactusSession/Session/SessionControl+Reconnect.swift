import TactusCore
import TactusEngine

extension SessionControl {
    /// The server went away after `frame`, the end of the last cycle it ran
    /// (handle its last reports first). Settles what the player had the
    /// chance to play, lists the loss, and moves the scoring past the rest of
    /// the bar in progress, which the player could not hear: those positions
    /// are not misses. Scoring then rests, as when stopped, until
    /// `reconnect`. The step ends the session if no bar is left to play.
    public mutating func serverLost(at frame: Int64, reason: String) -> (step: Step, interruption: SessionInterruption) {
        var step = Step()
        let wasPlaying = playing
        let played = playing ? frame : min(frame, lastPlayingFrame)
        step.absorb(playing ? advance(to: played) : settle(to: played))
        step.absorb(record(SessionEvent(kind: .serverLost, frame: frame, detail: reason)))
        let bar = max(firstBar(atOrAfter: played), timeline.segments[0].firstBar)
        step.absorb(Step(scorer.skip(to: GridPosition(bar: bar, beat: 1, subdivision: 1), playedUntil: played)))
        step.journal += followPlayers(.skip(to: GridPosition(bar: bar, beat: 1, subdivision: 1), playedUntil: played))
        playing = false
        lastPlayingFrame = played
        programs.lastFrame = nil
        tap.reset()
        if let end = endFrame, timeline.frame(ofBar: bar) >= end {
            step.ending = endingReached
        }
        return (step, SessionInterruption(frame: played, resumeBar: bar, wasPlaying: wasPlaying, reason: reason))
    }

    /// Carries the session on on a new server after `serverLost`: the grid
    /// moves so that the downbeat of the interruption's `resumeBar` falls on
    /// `start`, a frame of the new server's clock a little after `now`; the
    /// return is listed with the gap's length (rounded to the millisecond);
    /// and the step's commands load the moved timeline into the new engine,
    /// playing, or stopped if the session was, muted if it was, with random
    /// muting and a speed trainer's tempo change still waiting to be applied.
    public mutating func reconnect(
        after interruption: SessionInterruption, at now: Int64, startingAt start: Int64, gapSeconds: Double
    ) -> Step {
        var step = Step()
        let shift = start - timeline.frame(ofBar: interruption.resumeBar)
        timeline = timeline.shifted(by: shift)
        lastPlayingFrame &+= shift
        // The new server's frames and counts are new: the detectors start afresh.
        audio?.reset()
        listedLosses = listedLosses.filter { !$0.key.isTheServers }
        let gap = (gapSeconds * 1000).rounded() / 1000
        step.absorb(record(SessionEvent(
            kind: .reconnected, frame: now,
            detail: "after \(Self.tenths(gap)) s; bar \(interruption.resumeBar) starts at frame \(start)",
            gapS: gap, shiftFrames: shift)))
        step.commands = play()
        if !interruption.wasPlaying { step.commands.append(.stop(at: .immediately)) }
        if muted { step.commands.append(.mute(true)) }
        if let schedule = programs.programs.randomMute, let command = EngineCommand.randomMute(schedule) {
            step.commands.append(command)
        }
        if let tag = programs.pendingTag, case .setTempo(let target)? = programs.pendingDecision?.action {
            step.commands.append(.setTempo(milliBPM: target.milliBPM, at: .nextBar, cause: tag))
        }
        step.feedback = .message("server back after \(Self.tenths(gap)) s")
        return step
    }

    /// `seconds` with one decimal: "2.4".
    public static func tenths(_ seconds: Double) -> String {
        let tenths = Int64((max(seconds, 0) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
