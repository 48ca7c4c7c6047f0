extension ScoringGrid {
    /// The beat after the one `position` lies in: the next beat of its bar,
    /// else the downbeat of the next bar.
    @inlinable
    public func beat(after position: GridPosition) -> GridPosition {
        position.beat < beatsPerBar(bar: position.bar)
            ? GridPosition(bar: position.bar, beat: position.beat + 1, subdivision: 1)
            : GridPosition(bar: position.bar + 1, beat: 1, subdivision: 1)
    }

    /// The position after `position` when each beat is split into
    /// `subdivision` parts: the next part of its beat, else the next beat.
    @inlinable
    public func position(after position: GridPosition, subdivision: Int) -> GridPosition {
        position.subdivision < subdivision
            ? GridPosition(bar: position.bar, beat: position.beat, subdivision: position.subdivision + 1)
            : beat(after: position)
    }
}
