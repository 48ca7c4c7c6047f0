/// A pair's asynchrony on one beat of the bar: who is ahead there and by how much.
public struct EnsembleBeat: Hashable, Sendable {
    /// The beat of the bar, from 1.
    public var beat: Int
    public var n: Int
    /// A's offset minus B's: positive, A behind.
    public var meanAsynchronyMs: Double
    public var ci95: [Double]
    /// The player ahead on this beat by the mean (nil when they are level).
    public var leader: String?
    /// |meanAsynchronyMs|: how far the leader is ahead.
    public var leadMs: Double

    public init(beat: Int, n: Int, meanAsynchronyMs: Double, ci95: [Double], leader: String?, leadMs: Double) {
        self.beat = beat
        self.n = n
        self.meanAsynchronyMs = meanAsynchronyMs
        self.ci95 = ci95
        self.leader = leader
        self.leadMs = leadMs
    }
}

extension EnsembleBeat: Codable {
    enum CodingKeys: String, CodingKey {
        case beat, n, meanAsynchronyMs, ci95, leader, leadMs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            beat: try c.decode(Int.self, forKey: .beat), n: try c.decode(Int.self, forKey: .n),
            meanAsynchronyMs: try c.decode(Double.self, forKey: .meanAsynchronyMs),
            ci95: try c.decode([Double].self, forKey: .ci95), leader: try c.decodeIfPresent(String.self, forKey: .leader),
            leadMs: try c.decode(Double.self, forKey: .leadMs))
    }

    public func encode(to encoder: any Encoder) throws {
        let exact = ReportNumber.isExact(encoder)
        let ms = ReportNumber.millisecondDecimals
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(beat, forKey: .beat)
        try c.encode(n, forKey: .n)
        try c.encode(meanAsynchronyMs, forKey: .meanAsynchronyMs, decimals: ms, exact: exact)
        try c.encode(ci95, forKey: .ci95, decimals: ms, exact: exact)
        if let leader { try c.encode(leader, forKey: .leader) } else { try c.encodeNil(forKey: .leader) }
        try c.encode(leadMs, forKey: .leadMs, decimals: ms, exact: exact)
    }
}
