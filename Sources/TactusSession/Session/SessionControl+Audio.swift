import TactusCore

extension SessionControl {
    /// Scores strokes found in the audio input as `handle` scores note-ons:
    /// each is a hit at its onset's frame, its level in place of a velocity.
    /// Strokes come later than the notes of their cycle (the detector needs
    /// the samples after an onset), so the caller settles the scorer only up
    /// to the frame before which every stroke has been found
    /// (`StrokeStream.completeBefore`). In a group session `source` is the
    /// index of the player whose input they came from. Strokes at or after
    /// the session's end are not the session's.
    public mutating func handle(strokes: [DetectedStroke], source: Int = 0) -> Step {
        var step = Step()
        for stroke in strokes where endFrame.map({ stroke.frame < $0 }) ?? true {
            let hit = InputHit.stroke(frame: stroke.frame, levelDb: stroke.levelDb)
            let outcome = scorer.score(hit)
            step.journal += SessionJournal.lines(for: outcome)
            if case .scored(let scored) = outcome { step.hits.append(scored) }
            if var group = players, let scored = group.score(hit, player: source, grid: timeline) {
                step.playerHits.append(scored)
                step.journal += group.journalLines([scored])
                players = group
            }
        }
        return step
    }
}
