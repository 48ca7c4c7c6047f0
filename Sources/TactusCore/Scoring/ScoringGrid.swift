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
