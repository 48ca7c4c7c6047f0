/// A place on the musical grid. Bars count from 1 at the grid origin (the first
/// downbeat after any count-in); count-in bars are 0, -1, … counting back.
/// `beat` counts click beats within the bar from 1; `subdivision` counts the
/// parts of that beat from 1 (1 is the beat itself).
public struct GridPosition: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var bar: Int
    public var beat: Int
    public var subdivision: Int

    public init(bar: Int, beat: Int, subdivision: Int = 1) {
        self.bar = bar
        self.beat = beat
        self.subdivision = subdivision
    }

    public static func < (lhs: GridPosition, rhs: GridPosition) -> Bool {
        (lhs.bar, lhs.beat, lhs.subdivision) < (rhs.bar, rhs.beat, rhs.subdivision)
    }

    public var description: String { "\(bar).\(beat).\(subdivision)" }
}
