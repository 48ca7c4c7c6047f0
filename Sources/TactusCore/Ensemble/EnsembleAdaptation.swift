/// Whether `player` corrects toward where `toward` just played: the
/// coefficient of the other's last offset in predicting the player's next,
/// with the player's own last offset held fixed (lag-1 cross regression).
/// 0: no correction; 0.3: 30 % of the other's deviation is taken up at the
/// next position both played; negative: moving away.
public struct EnsembleAdaptation: Hashable, Sendable {
    public var player: String
    public var toward: String
    public var estimate: Double
    public var ci95: [Double]
    /// Consecutive position pairs in the regression.
    public var n: Int
}

extension EnsembleAdaptation: Codable {
    enum CodingKeys: String, CodingKey {
        case player, toward, estimate, ci95, n
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(player, forKey: .player)
        try c.encode(toward, forKey: .toward)
        try c.milliseconds([.estimate: estimate])
        try c.milliseconds(ci95, forKey: .ci95)
        try c.counts([.n: n])
    }
}
