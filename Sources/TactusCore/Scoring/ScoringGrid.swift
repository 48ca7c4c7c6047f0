/// What the scorer needs to know of musical time. `Timeline` is the real one;
/// tests may supply simpler grids.
public protocol ScoringGrid: Sendable {
    /// Frames per second.
    var sampleRate: Int { get }
    /// Frame of bar 1, beat 1 (the first downbeat after any count-in).
    var originFrame: Int64 { get }
    /// The grid position nearest to `frame` when each beat is split into
    /// `subdivision` equal parts (or, with `swing`, into a long and a short part;
    /// swing applies only when `subdivision` is 2).
    func nearest(to frame: Int64, subdivision: Int, swing: Swing?) -> GridMatch
    /// The exact frame of `position` when each beat is split into `subdivision` parts.
    func frame(of position: GridPosition, subdivision: Int, swing: Swing?) -> Int64
    /// Click beats in `bar`.
    func beatsPerBar(bar: Int) -> Int
    /// Whether `bar` is a count-in bar (bars before 1).
    func isCountIn(bar: Int) -> Bool
    /// Whether the click is muted in `bar` by a gap pattern (the grid keeps running).
    func isMuted(bar: Int) -> Bool
}

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
