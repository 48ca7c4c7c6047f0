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
}

extension EnsembleBeat: Codable {
    enum CodingKeys: String, CodingKey {
        case beat, n, meanAsynchronyMs, ci95, leader, leadMs
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.counts([.beat: beat, .n: n])
        try c.milliseconds([.meanAsynchronyMs: meanAsynchronyMs])
        try c.milliseconds(ci95, forKey: .ci95)
        try c.encode(leader, forKey: .leader)
        try c.milliseconds([.leadMs: leadMs])
    }
}
