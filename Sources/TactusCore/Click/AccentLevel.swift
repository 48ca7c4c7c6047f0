/// How loudly one pulse of an accent pattern sounds.
public enum AccentLevel: Character, Hashable, Sendable, CaseIterable {
    case accent = "X"
    case normal = "x"
    case soft = "o"
    case silent = "."
}
