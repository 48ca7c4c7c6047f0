/// How close a hit came to its grid position: inside the perfect, good or ok
/// window, or outside all of them (an extra note).
public enum HitGrade: String, Hashable, Sendable, Codable, CaseIterable {
    case perfect
    case good
    case ok
    case extra

    /// Whether the hit landed inside a window (counts as playing its position).
    public var isMatched: Bool { self != .extra }
}
