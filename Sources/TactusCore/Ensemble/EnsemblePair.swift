/// Two players' timing against each other on the grid positions both played.
/// Asynchrony is A's offset minus B's (`players` = [A, B]): positive, A
/// plays behind B.
public struct EnsemblePair: Hashable, Sendable {
    public var players: [String]
    /// Grid positions both played (matched hits, count-in left out).
    public var n: Int
    public var meanAsynchronyMs: Double?
    public var sdAsynchronyMs: Double?
    /// 95 % interval of the mean, widened for serial correlation (see `effectiveN`).
    public var ci95: [Double]
    /// Lag-1 autocorrelation of the asynchronies.
    public var lag1Autocorrelation: Double?
    /// n × (1 − r₁) / (1 + r₁) for a positive lag-1 autocorrelation r₁, else n:
    /// how many independent values the series is worth.
    public var effectiveN: Double
    /// Who leads on each beat of the bar (positions on the beat only).
    public var byBeat: [EnsembleBeat]
    /// How far each player corrects toward where the other just played.
    public var adaptation: [EnsembleAdaptation]
}

extension EnsemblePair: Codable {
    enum CodingKeys: String, CodingKey {
        case players, n, meanAsynchronyMs, sdAsynchronyMs, ci95, lag1Autocorrelation, effectiveN, byBeat, adaptation
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            players: try c.decode([String].self, forKey: .players),
            n: try c.decode(Int.self, forKey: .n),
            meanAsynchronyMs: try c.decodeIfPresent(Double.self, forKey: .meanAsynchronyMs),
            sdAsynchronyMs: try c.decodeIfPresent(Double.self, forKey: .sdAsynchronyMs),
            ci95: try c.decode([Double].self, forKey: .ci95),
            lag1Autocorrelation: try c.decodeIfPresent(Double.self, forKey: .lag1Autocorrelation),
            effectiveN: try c.decodeIfPresent(Double.self, forKey: .effectiveN) ?? 0,
            byBeat: try c.decodeIfPresent([EnsembleBeat].self, forKey: .byBeat) ?? [],
            adaptation: try c.decodeIfPresent([EnsembleAdaptation].self, forKey: .adaptation) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(players, forKey: .players)
        try c.counts([.n: n])
        try c.milliseconds([.meanAsynchronyMs: meanAsynchronyMs, .sdAsynchronyMs: sdAsynchronyMs])
        try c.milliseconds(ci95, forKey: .ci95)
        try c.milliseconds([.lag1Autocorrelation: lag1Autocorrelation, .effectiveN: effectiveN])
        try c.encode(byBeat, forKey: .byBeat)
        try c.encode(adaptation, forKey: .adaptation)
    }
}
