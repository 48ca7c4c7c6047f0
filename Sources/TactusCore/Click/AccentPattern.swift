/// Accents per pulse, written like klick's patterns: `X` accent, `x` normal,
/// `o` soft, `.` silent. A pattern as long as the bar's beats applies to beats
/// (subdivisions sound at subdivision level); one as long as beats ×
/// subdivision applies to every pulse.
public struct AccentPattern: Hashable, Sendable, CustomStringConvertible {
    public var levels: [AccentLevel]

    public init(_ levels: [AccentLevel]) {
        self.levels = levels
    }

    /// Parses a pattern string; nil when it is empty or has another character.
    public init?(parsing text: String) {
        var levels: [AccentLevel] = []
        for character in text {
            guard let level = AccentLevel(rawValue: character) else { return nil }
            levels.append(level)
        }
        guard !levels.isEmpty else { return nil }
        self.levels = levels
    }

    public var description: String { String(levels.map(\.rawValue)) }
}
