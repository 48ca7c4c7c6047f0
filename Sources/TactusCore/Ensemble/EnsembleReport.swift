/// How the players of a group session played against each other: one entry
/// per pair, and the claims the evidence supports.
public struct EnsembleReport: Hashable, Sendable, Codable {
    public var pairs: [EnsemblePair]
    /// Asynchrony and adaptation claims, each with its estimate, 95 %
    /// interval and n, family-wise error held at 5 % over all of them (Holm).
    public var findings: [Finding]
}
