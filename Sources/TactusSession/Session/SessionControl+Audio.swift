import TactusCore

extension SessionControl {
    /// Runs a captured block of `source`'s audio, `samples` with the first
    /// at `frame`, through its detector, and scores the strokes it
    /// completes (see ``scoreStrokes(_:source:)``), leaving out the click
    /// heard back; samples the server never delivered before it are listed
    /// in the report, unless they would have come at or after the session's end.
    public mutating func takeAudio(_ samples: UnsafeBufferPointer<Float>, at frame: Int64, source: Int) -> Step {
        var step = Step()
        guard let found = audio?.process(samples, at: frame, source: source) else { return step }
        if let gap = found.gap, isSessions(gap.frame) {
            step.absorb(record(SessionEvent(
                kind: .dropped, frame: gap.frame,
                detail: "audio input: \(gap.frames) samples missing (the server ran cycles without tactus)")))
        }
        step.absorb(scoreStrokes(found.strokes, source: source))
        return step
    }

    /// At the session's end, scores the strokes each detector still holds
    /// (those of the last samples, reported only once samples after them
    /// arrive), and says how many strokes heard were the click.
    public mutating func flushAudio() -> Step {
        var step = Step()
        guard let sources = audio?.streams.keys.sorted() else { return step }
        for source in sources {
            step.absorb(scoreStrokes(audio?.finish(source) ?? [], source: source))
            if let audio, let gate = audio.gates[source], gate.bleed != nil {
                let count = gate.clickCount
                step.absorb(record(SessionEvent(
                    kind: .clickBleed, frame: audio.streams[source]?.nextFrame ?? timeline.originFrame,
                    detail: audio.name(source) + "\(count) stroke\(count == 1 ? "" : "s") heard were the click coming back, not scored")))
            }
        }
        return step
    }

    /// The frame up to which every input has been scored: `processed` (the
    /// end of the engine's last cycle), or with audio input the frame
    /// before which every detector has reported every stroke, if earlier.
    public func scoredThrough(_ processed: Int64) -> Int64? {
        audio.map { $0.scoredThrough(processed) } ?? processed
    }

    /// Scores `strokes` of `source` played, the click heard back left out.
    /// Strokes at or after the session's end are not the session's: neither
    /// scored nor counted as the click.
    mutating func scoreStrokes(_ strokes: [DetectedStroke], source: Int) -> Step {
        var step = Step()
        let strokes = strokes.filter { isSessions($0.frame) }
        guard !strokes.isEmpty, let heard = audio?.played(strokes, source: source, grid: timeline) else { return step }
        if let learned = heard.learned {
            step.absorb(record(SessionEvent(kind: .clickBleed, frame: timeline.originFrame, detail: learned)))
        }
        guard let last = heard.strokes.last else { return step }
        audio?.lastStrokeDb = last.levelDb
        step.absorb(handle(strokes: heard.strokes, source: source))
        return step
    }

    /// Scores strokes found in the audio input as `handle` scores note-ons:
    /// each is a hit at its onset's frame, its level in place of a velocity.
    /// Strokes come later than the notes of their cycle (the detector needs
    /// the samples after an onset), so the session is settled only up to the
    /// frame before which every stroke has been found (``scoredThrough(_:)``).
    /// In a group session `source` is the index of the player whose input
    /// they came from.
    mutating func handle(strokes: [DetectedStroke], source: Int = 0) -> Step {
        var step = Step()
        for stroke in strokes {
            step.absorb(score(InputHit.stroke(frame: stroke.frame, levelDb: stroke.levelDb), player: source))
        }
        return step
    }
}
