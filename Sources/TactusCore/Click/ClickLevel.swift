/// Which of a voice's sounds a click uses.
public enum ClickLevel: Int, Hashable, Sendable, CaseIterable, Codable {
    /// The first beat of the bar, or any beat marked `X`.
    case accent = 0
    /// An ordinary beat.
    case beat = 1
    /// A beat marked `o`.
    case soft = 2
    /// A subdivision between beats.
    case subdivision = 3
}
