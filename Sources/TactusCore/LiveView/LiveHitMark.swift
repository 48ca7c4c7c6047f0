/// One recent hit as the live view shows it: where it fell and how it was graded.
public struct LiveHitMark: Hashable, Sendable {
    /// Hit minus grid in ms: positive is late.
    public var offsetMs: Double
    public var grade: HitGrade

    public init(offsetMs: Double, grade: HitGrade) {
        self.offsetMs = offsetMs
        self.grade = grade
    }

    public init(_ hit: ScoredHit) {
        self.init(offsetMs: hit.offsetMs, grade: hit.grade)
    }

    /// `*` perfect, `+` good, `o` ok, `x` extra.
    public var glyph: Character {
        switch grade {
        case .perfect: "*"
        case .good: "+"
        case .ok: "o"
        case .extra: "x"
        }
    }
}
