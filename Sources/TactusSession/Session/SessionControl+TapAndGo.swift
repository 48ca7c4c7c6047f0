import TactusCore
import TactusEngine

extension SessionControl {
    /// One tap of tap tempo at `frame`. While playing, the tapped tempo takes
    /// over once `tapsToGo` taps agree (at the next beat or bar, see
    /// `tempoTiming`). While stopped, that tap also starts playing, on the
    /// beat the taps imply, at the tapped tempo (tap-and-go).
    mutating func tapTempo(at frame: Int64) -> Step {
        var step = Step()
        let reading = tap.tap(at: frame)
        step.feedback = .tap(count: reading.taps, needed: reading.tapsToGo, tempo: reading.tempo)
        let counts = reading.outcome == .accepted || reading.outcome == .tempoChanged
        guard counts, reading.taps >= reading.tapsToGo, let tapped = reading.tempo else { return step }
        if playing {
            step.commands.append(tempoCommand(tapped, cause: "tap"))
        } else if let startFrame = reading.startFrame {
            step.absorb(startPlaying(at: frame, tempo: tapped, beatFrame: startFrame))
        }
        return step
    }

    /// Starts playing again after a stop. Plain start: the engine resumes
    /// the grid where it stopped. After a tap (`tempo` and the first
    /// `beatFrame`) or a preset chosen while stopped: a fresh grid, its first
    /// downbeat on `beatFrame` (or `commandLeadFrames` after `frame`), bar
    /// numbers carrying on after the last bar played.
    mutating func startPlaying(at frame: Int64, tempo tapped: Tempo? = nil, beatFrame: Int64? = nil) -> Step {
        let afresh = tapped != nil || setlist?.startsAfresh == true || pendingSpec != nil
        guard afresh else { return Step(commands: [.resume]) }
        let stopped = scorer.stop(at: lastPlayingFrame)
        var spec = setlist?.spec ?? timeline.spec
        if pendingSpec != nil || setlist == nil {
            // The grid waiting for the start, or carry on in the meter last played; at the tempo last played.
            spec = currentSpec(atBar: stopped.nextBar)
            spec.tempo = tempo
        }
        if let tapped {
            spec.tempo = tapped
            spec.changes = []
        }
        // Only the session's own grid, waiting for its first start (`waitStopped`), counts in.
        if pendingSpec == nil || tapped != nil { spec.countInBars = 0 }
        var step = Step(stopped.progress)
        scorer.restart(atBar: stopped.nextBar)
        let restart = ScoringChange.restart(stoppedAt: lastPlayingFrame, atBar: stopped.nextBar)
        let earliest = frame + commandLeadFrames
        var start = beatFrame ?? earliest
        if start < earliest {
            // Too close to make: the next tapped beat that is not.
            let beat = max(Int64(spec.sampleRate) * 60_000 / max(spec.tempo.milliBPM, 1), 1)
            start += (earliest - start + beat - 1) / beat * beat
        }
        let cause = tapped != nil ? "tap-and-go" : pendingSpec != nil ? "start" : "preset '\(setlist?.presetName ?? "")'"
        step.absorb(takeOver(
            with: spec, fromBar: stopped.nextBar, at: start, soundBank: setlist?.soundBank ?? 0,
            preset: setlist?.presetName, cause: cause, playing: false))
        // Settled on the grid played until the stop, then on the new one.
        step.journal += followPlayers(restart)
        setlist?.startsAfresh = false
        pendingSpec = nil
        return step
    }
}
