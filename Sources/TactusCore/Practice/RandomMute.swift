/// Random muting of single beats: each beat from bar 1 on is left silent with
/// probability `percent`/100, drawn from the seed, the bar and the beat alone
/// (`GapSchedule.randomBeats`), so the session can be replayed and scored again.
///
/// ```json
/// "randomMute": {"percent": 25, "seed": 7}
/// ```
public struct RandomMute: Hashable, Sendable {
    public var percent: Double
    /// nil: a new seed each session (the report names the one used).
    public var seed: UInt64?

    /// The share of beats, in %, a random mute may leave silent.
    public static let allowedPercent = 0.0...100.0

    public init(percent: Double, seed: UInt64? = nil) {
        self.percent = percent
        self.seed = seed
    }

    /// Seeds up to 2⁵³, which JSON numbers hold exactly.
    public static let largestSeed: UInt64 = 1 << 53

    /// The schedule with `seed` (or this one's own, when it has one).
    public func schedule(seed fallback: UInt64) -> GapSchedule {
        .randomBeats(percent: percent, seed: seed ?? fallback)
    }

    /// Parses `P` or `P:SEED`, e.g. `25` or `25:7`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let percent = Double(parts[0]), percent.isFinite else { return nil }
        var seed: UInt64?
        if parts.count == 2 {
            guard let value = UInt64(parts[1]), value <= Self.largestSeed else { return nil }
            seed = value
        }
        self.init(percent: percent, seed: seed)
    }

    public func validate() throws(SettingError) {
        try GapSchedule.randomBeats(percent: percent, seed: 0).validate()
        if let seed, seed > Self.largestSeed {
            throw SettingError(field: "seed", message: "\(seed) is beyond 2^53")
        }
    }
}
