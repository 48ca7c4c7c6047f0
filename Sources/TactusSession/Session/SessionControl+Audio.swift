import TactusCore

extension SessionControl {
    /// Scores strokes found in the audio input as `handle` scores note-ons:
    /// each is a hit at its onset's frame, its level in place of a velocity.
    /// Strokes come later than the notes of their cycle (the detector needs
    /// the samples after an onset), so the caller settles the scorer only up
    /// to the frame before which every stroke has been found
    /// (`StrokeStream.completeBefore`).
    public mutating func handle(strokes: [DetectedStroke]) -> Step {
        var step = Step()
        for stroke in strokes {
            let outcome = scorer.score(.stroke(frame: stroke.frame, levelDb: stroke.levelDb))
            step.journal += SessionJournal.lines(for: outcome)
            if case .scored(let scored) = outcome { step.hits.append(scored) }
        }
        return step
    }
}
