import TactusCore
import TactusEngine

extension SessionControl {
    /// next-preset, prev-preset or preset NAME pressed at `frame`. While
    /// playing, the preset takes over at the first bar line at least
    /// `commandLeadFrames` after `frame`, the bar numbers carrying on; while
    /// stopped, the next start plays it.
    mutating func selectPreset(_ action: PedalAction, at frame: Int64) -> Step {
        guard var playback = setlist else { return Step(feedback: .message("no setlist loaded")) }
        let target: Int
        switch action {
        case .nextPreset: target = playback.setlist.index(after: playback.index)
        case .previousPreset: target = playback.setlist.index(before: playback.index)
        case .preset(let name):
            do {
                target = try playback.setlist.index(named: name)
            } catch {
                return Step(feedback: .message(error.description))
            }
        default:
            return Step()
        }
        let count = playback.setlist.presets.count
        let changed = target != playback.index
        playback.index = target
        var step = Step(feedback: .preset(name: playback.presetName, number: target + 1, count: count))
        // Stopped, or with no grid to take over, the next start plays it afresh.
        if !playing || (changed && playback.spec == nil) { playback.startsAfresh = true }
        setlist = playback
        guard changed, playing, let spec = playback.spec else { return step }
        let bar = firstBar(atOrAfter: frame + commandLeadFrames)
        step.absorb(takeOver(
            with: spec, fromBar: bar, at: timeline.frame(ofBar: bar), soundBank: playback.soundBank,
            preset: playback.presetName, cause: "preset '\(playback.presetName)'", playing: true))
        return step
    }

    /// The first bar whose downbeat is at or after `frame`.
    func firstBar(atOrAfter frame: Int64) -> Int {
        var bar = timeline.nearest(to: frame, subdivision: 1, swing: nil).position.bar
        while timeline.frame(ofBar: bar) < frame { bar += 1 }
        return bar
    }

    /// Loads a grid that plays `spec` from the downbeat of `bar` at `frame`:
    /// the control side's timeline and the scoring grid follow at once (they
    /// agree with the old ones before `frame`), the preset is stamped on hits
    /// from `bar`, and the start of the new grid is listed as a tempo change.
    mutating func takeOver(
        with spec: TimelineSpec, fromBar bar: Int, at frame: Int64, soundBank: Int, preset: String?, cause: String,
        playing continuing: Bool
    ) -> Step {
        let next: Timeline
        // Only a fresh start can count in (see `startPlaying`), the count-in bars before `bar`.
        let countIn = continuing ? 0 : spec.countInBars
        do {
            next = try timeline.continuing(with: spec, fromBar: bar, at: frame, soundBank: soundBank, countIn: countIn > 0)
        } catch {
            return Step(feedback: .message("\(cause): \(error)"))
        }
        // The grid in force before `frame`: the last one taken over before it, or the one it replaces.
        let previous = takeover.map { $0.frame < frame ? timeline.spec : $0.previous } ?? timeline.spec
        takeover = continuing ? GridTakeover(frame: frame, previous: previous) : nil
        timeline = next
        if let preset { scorer.changePreset(to: preset, fromBar: bar) }
        tempo = spec.tempo
        tap.reference = spec.tempo
        var step = record(ReportTempoChange(frame: frame, bar: bar - countIn, tempo: spec.tempo, cause: cause))
        // A grid that continues the playing one is sent whole (the engine
        // keeps its place); a fresh start sends only the new part, so the
        // engine's cursors do not walk through the pause.
        var segments = next.segments
        if !continuing || segments.count > Engine.segmentCapacity / 2 {
            let first = segments.firstIndex { ($0.firstBar, $0.firstBeatInBar) >= (bar - countIn, 0) } ?? 0
            segments = Array(segments[first...])
        }
        step.commands += segments.map { .loadSegment($0) }
        step.commands.append(.commitLoad(play: true))
        return step
    }
}
