/// What a group of hits is keyed by in the report: the beat of the bar, the
/// subdivision of the beat, or the note number.
public protocol SummaryGroup: Sendable {
    /// The JSON field holding the key ("beat", "subdivision", "note").
    static var field: String { get }
}

/// Groups by beat of the bar (1 = downbeat).
public enum ByBeat: SummaryGroup { public static let field = "beat" }
/// Groups by subdivision of the beat (1 = the beat itself).
public enum BySubdivision: SummaryGroup { public static let field = "subdivision" }
/// Groups by MIDI note number.
public enum ByNote: SummaryGroup { public static let field = "note" }

public typealias BeatSummary = GroupSummary<ByBeat>
public typealias SubdivisionSummary = GroupSummary<BySubdivision>
public typealias NoteSummary = GroupSummary<ByNote>

/// Timing of the hits that share one beat, subdivision or note.
public struct GroupSummary<Group: SummaryGroup>: Hashable, Sendable {
    /// The beat, subdivision or note number.
    public var key: Int
    /// Matched hits and extras.
    public var hits: Int
    public var matched: Int
    public var extras: Int
    /// Missed positions; nil for notes (a miss has no note).
    public var misses: Int?
    public var meanOffsetMs: Double?
    public var sdOffsetMs: Double?
    public var meanAbsOffsetMs: Double?
}

extension GroupSummary {
    init(key: Int, statistics s: OffsetStatistics, countsMisses: Bool) {
        self.init(
            key: key, hits: s.hits, matched: s.matched, extras: s.extras, misses: countsMisses ? s.misses : nil,
            meanOffsetMs: s.meanOffsetMs, sdOffsetMs: s.sdOffsetMs, meanAbsOffsetMs: s.meanAbsOffsetMs)
    }
}

extension GroupSummary: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigKey.self)
        self.init(
            key: try c.decode(Int.self, forKey: ConfigKey(Group.field)),
            hits: try c.decode(Int.self, forKey: ConfigKey("hits")),
            matched: try c.decode(Int.self, forKey: ConfigKey("matched")),
            extras: try c.decode(Int.self, forKey: ConfigKey("extras")),
            misses: try c.decodeIfPresent(Int.self, forKey: ConfigKey("misses")),
            meanOffsetMs: try c.decodeIfPresent(Double.self, forKey: ConfigKey("meanOffsetMs")),
            sdOffsetMs: try c.decodeIfPresent(Double.self, forKey: ConfigKey("sdOffsetMs")),
            meanAbsOffsetMs: try c.decodeIfPresent(Double.self, forKey: ConfigKey("meanAbsOffsetMs")))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: ConfigKey.self)
        try c.counts([ConfigKey(Group.field): key, ConfigKey("hits"): hits, ConfigKey("matched"): matched])
        try c.counts([ConfigKey("extras"): extras])
        try c.encodeIfPresent(misses, forKey: ConfigKey("misses"))
        try c.offsets(mean: meanOffsetMs, sd: sdOffsetMs, meanAbs: meanAbsOffsetMs)
    }
}
