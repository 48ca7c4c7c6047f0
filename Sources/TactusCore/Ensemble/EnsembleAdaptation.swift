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

    public init(player: String, toward: String, estimate: Double, ci95: [Double], n: Int) {
        self.player = player
        self.toward = toward
        self.estimate = estimate
        self.ci95 = ci95
        self.n = n
    }
}

extension EnsembleAdaptation: Codable {
    enum CodingKeys: String, CodingKey {
        case player, toward, estimate, ci95, n
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            player: try c.decode(String.self, forKey: .player), toward: try c.decode(String.self, forKey: .toward),
            estimate: try c.decode(Double.self, forKey: .estimate), ci95: try c.decode([Double].self, forKey: .ci95),
            n: try c.decode(Int.self, forKey: .n))
    }

    public func encode(to encoder: any Encoder) throws {
        let exact = ReportNumber.isExact(encoder)
        let ms = ReportNumber.millisecondDecimals
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(player, forKey: .player)
        try c.encode(toward, forKey: .toward)
        try c.encode(estimate, forKey: .estimate, decimals: ms, exact: exact)
        try c.encode(ci95, forKey: .ci95, decimals: ms, exact: exact)
        try c.encode(n, forKey: .n)
    }
}
