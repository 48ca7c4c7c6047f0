/// One grid position both players of a pair played: each one's offset and
/// the asynchrony, A's offset minus B's (positive: A behind).
public struct EnsembleAsynchrony: Hashable, Sendable {
    public var position: GridPosition
    /// Seconds from the grid origin to the position (A's hit's grid frame).
    public var timeS: Double
    public var aOffsetMs: Double
    public var bOffsetMs: Double

    public var asynchronyMs: Double { aOffsetMs - bOffsetMs }

    /// The positions both `a` and `b` played, in grid order: each player's
    /// first matched hit on a position (count-in and extras left out).
    public static func series(_ a: [ScoredHit], _ b: [ScoredHit]) -> [EnsembleAsynchrony] {
        let first = onsets(b)
        var list: [EnsembleAsynchrony] = []
        for (position, hit) in onsets(a).sorted(by: { $0.key < $1.key }) {
            guard let other = first[position] else { continue }
            let gridS = hit.timeS - hit.offsetMs / 1000
            list.append(EnsembleAsynchrony(position: position, timeS: gridS, aOffsetMs: hit.offsetMs, bOffsetMs: other.offsetMs))
        }
        return list
    }

    /// Each position's earliest matched hit.
    static func onsets(_ hits: [ScoredHit]) -> [GridPosition: ScoredHit] {
        var first: [GridPosition: ScoredHit] = [:]
        for hit in hits where hit.grade.isMatched && !hit.countIn {
            if let known = first[hit.position], known.frame <= hit.frame { continue }
            first[hit.position] = hit
        }
        return first
    }
}
