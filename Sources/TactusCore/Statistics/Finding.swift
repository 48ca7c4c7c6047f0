/// One claim the report makes about the player's timing, with its evidence:
/// the estimate, its 95 % interval and the number of hits behind it. Text,
/// HTML and summaries render advice from findings alone.
public struct Finding: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case overall, beat, subdivision, drift, swing, consistency
        /// Group sessions: one player ahead of or behind another.
        case asynchrony
        /// Group sessions: one player corrects toward the other.
        case adaptation
    }

    /// `late`: behind the grid (for drift: getting later; for swing: the
    /// short note comes late, i.e. swung; for asynchrony: the first of
    /// `players` behind the second; for adaptation: the first follows the
    /// second). `early`: the opposite.
    public enum Direction: String, Hashable, Sendable, Codable {
        case late, early
    }

    public var kind: Kind
    /// The beat of the bar (from 1) for `beat` findings.
    public var beat: Int?
    /// The subdivision within the beat (from 1) for `subdivision` and `swing` findings.
    public var subdivision: Int?
    public var direction: Direction
    public var estimate: Double
    /// "ms", "ms/min" or "ratio" (long:short as long / (long + short)).
    public var unit: String
    public var ci95: [Double]
    public var n: Int
    public var text: String
    /// Group sessions: the two players an `asynchrony` or `adaptation`
    /// finding is about, in the pair's order; nil for a single player's.
    public var players: [String]?

    public init(
        kind: Kind, beat: Int? = nil, subdivision: Int? = nil, direction: Direction, estimate: Double, unit: String,
        ci95: [Double], n: Int, text: String, players: [String]? = nil
    ) {
        self.kind = kind
        self.beat = beat
        self.subdivision = subdivision
        self.direction = direction
        self.estimate = estimate
        self.unit = unit
        self.ci95 = ci95
        self.n = n
        self.text = text
        self.players = players
    }
}
