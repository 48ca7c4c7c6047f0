/// One line of a session journal (JSON Lines): a header with the settings,
/// then one line per hit, miss, event, tempo change and completed bar, in the
/// order they happened. Each line is a JSON object whose `type` says which.
/// A group session adds each player's own hits and misses (`playerHit`,
/// `playerMiss`), with the player's name in `player`.
public enum JournalEntry: Hashable, Sendable {
    case header(JournalHeader)
    case hit(ScoredHit)
    case miss(MissedPosition)
    case event(SessionEvent)
    case tempoChange(ReportTempoChange)
    case bar(CompletedBar)
    case playerHit(player: String, ScoredHit)
    case playerMiss(player: String, MissedPosition)
}

/// A player of a group session as the journal's header lists it.
public struct JournalPlayer: Hashable, Sendable, Codable {
    public var name: String
    /// The port (or pattern) given for the player.
    public var port: String
    /// A part of the kit on a click layer: the layer (2 is the first) and
    /// its voices; nil for a player.
    public var layer: Int?
    public var voices: [String]?

    public init(name: String, port: String, layer: Int? = nil, voices: [String]? = nil) {
        self.name = name
        self.port = port
        self.layer = layer
        self.voices = voices
    }
}

/// The first line of a journal: what a report needs besides the lines after it.
public struct JournalHeader: Hashable, Sendable, Codable {
    public var schema: String
    public var tactusVersion: String
    /// ISO 8601 time the session started, as given by the caller.
    public var createdAt: String
    public var source: ReportSource
    public var settings: ReportSettings
    /// Frame of bar 1, beat 1.
    public var originFrame: Int64
    /// A group session's players, in the order given; nil for one player.
    public var players: [JournalPlayer]?

    public init(
        schema: String = SessionJournal.schemaName, tactusVersion: String = TactusVersion.string,
        createdAt: String, source: ReportSource, settings: ReportSettings, originFrame: Int64,
        players: [JournalPlayer]? = nil
    ) {
        self.schema = schema
        self.tactusVersion = tactusVersion
        self.createdAt = createdAt
        self.source = source
        self.settings = settings
        self.originFrame = originFrame
        self.players = players
    }
}

extension JournalEntry: Decodable {
    enum Kind: String, Codable {
        case header, hit, miss, event, tempo, bar, playerHit, playerMiss
    }

    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: ReportField.self).decode(Kind.self, forKey: .type)
        switch kind {
        case .header: self = .header(try JournalHeader(from: decoder))
        case .hit: self = .hit(try ScoredHit(from: decoder))
        case .miss: self = .miss(try MissedPosition(from: decoder))
        case .event: self = .event(try SessionEvent(from: decoder))
        case .tempo: self = .tempoChange(try ReportTempoChange(from: decoder))
        case .bar: self = .bar(try CompletedBar(from: decoder))
        case .playerHit: self = .playerHit(player: try Self.player(in: decoder), try ScoredHit(from: decoder))
        case .playerMiss: self = .playerMiss(player: try Self.player(in: decoder), try MissedPosition(from: decoder))
        }
    }

    private static func player(in decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: ReportField.self).decode(String.self, forKey: .player)
    }

    /// An entry's own fields and its `type`, side by side in one object.
    struct Typed<Fields: Encodable>: Encodable {
        let fields: Fields
        let type: Kind

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
            var container = encoder.container(keyedBy: ReportField.self)
            try container.encode(type, forKey: .type)
        }
    }
}

extension CompletedBar: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        self.init(frames: try c.decode(Int64.self, forKey: .frames), summary: try BarSummary(from: decoder))
    }
}
