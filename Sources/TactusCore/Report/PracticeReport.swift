/// The report of one practice session (`"schema": "tactus.report/1"`): the
/// settings, the headline numbers, the breakdowns, and every hit and miss.
public struct PracticeReport: Hashable, Sendable {
    public static let schemaName = "tactus.report/1"

    public var schema: String
    public var tactusVersion: String
    /// ISO 8601 time the report was made, as given by the caller.
    public var createdAt: String
    public var source: ReportSource
    public var settings: ReportSettings
    /// Bars with click (count-in left out).
    public var summary: TimingSummary
    /// Bars a gap pattern silenced; nil without a gap pattern.
    public var withoutClick: TimingSummary?
    public var byBeat: [BeatSummary]
    public var bySubdivision: [SubdivisionSummary]
    /// Each place of the beat (beat × part) over the bars with click.
    public var byPosition: [PositionSummary]
    public var byNote: [NoteSummary]
    /// Each voice of the kit (see `ReportSettings.drumMap`) over the bars
    /// with click; empty for audio strokes.
    public var byVoice: [VoiceSummary]
    public var bars: [BarSummary]
    public var histogram: OffsetHistogram
    /// Every scored note-on, extras and count-in included, in the order scored.
    public var hits: [ScoredHit]
    public var misses: [MissedPosition]
    public var tempoChanges: [ReportTempoChange]
    public var events: [SessionEvent]
    /// One row per setlist preset played; empty without a setlist.
    public var byPreset: [PresetSummary]
    /// Group sessions: each player's own scoring; nil for one player.
    public var players: [PlayerReport]?
    /// Group sessions: the players against each other; nil for one player.
    public var ensemble: EnsembleReport?
    /// Free time (`settings.grid: "free"`): the player's own pulse the
    /// take was scored against; nil otherwise.
    public var pulse: PulseReport?
    /// What the report claims about the player's timing (see `Findings`);
    /// every text that gives advice renders it from these alone.
    public var findings: [Finding]

    init(
        schema: String = PracticeReport.schemaName, tactusVersion: String, createdAt: String,
        source: ReportSource, settings: ReportSettings, summary: TimingSummary, withoutClick: TimingSummary?,
        byBeat: [BeatSummary], bySubdivision: [SubdivisionSummary], byNote: [NoteSummary], bars: [BarSummary],
        histogram: OffsetHistogram, hits: [ScoredHit], misses: [MissedPosition],
        tempoChanges: [ReportTempoChange], events: [SessionEvent], byPreset: [PresetSummary] = [],
        players: [PlayerReport]? = nil, ensemble: EnsembleReport? = nil,
        findings: [Finding]? = nil, byPosition: [PositionSummary]? = nil, byVoice: [VoiceSummary]? = nil,
        pulse: PulseReport? = nil
    ) {
        self.schema = schema
        self.tactusVersion = tactusVersion
        self.createdAt = createdAt
        self.source = source
        self.settings = settings
        self.summary = summary
        self.withoutClick = withoutClick
        self.byBeat = byBeat
        self.bySubdivision = bySubdivision
        self.byPosition = byPosition ?? PositionSummary.grid(hits)
        self.byNote = byNote
        self.byVoice = byVoice ?? VoiceSummary.of(hits, map: settings.drumMap)
        self.bars = bars
        self.histogram = histogram
        self.hits = hits
        self.misses = misses
        self.tempoChanges = tempoChanges
        self.events = events
        self.byPreset = byPreset
        self.players = players
        self.ensemble = ensemble
        self.pulse = pulse
        self.findings = []
        setFindings(findings ?? Findings.of(self))
    }

    /// Takes `findings` as the report's, and the spread told to the player
    /// with them: the consistency finding's.
    private mutating func setFindings(_ findings: [Finding]) {
        self.findings = findings
        let spread = findings.last { $0.kind == .consistency }
        summary.spreadMs = spread?.estimate
        summary.spreadCi95 = spread?.ci95
    }
}

extension PracticeReport: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        let schema = try c.decode(String.self, forKey: .schema)
        guard schema == Self.schemaName else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: c, debugDescription: "is \"\(schema)\"; this tactus reads \"\(Self.schemaName)\"")
        }
        // In the order of the fields, so a report missing several is told the first.
        let tactusVersion = try c.decode(String.self, forKey: .tactusVersion)
        let createdAt = try c.decode(String.self, forKey: .createdAt)
        let source = try c.decode(ReportSource.self, forKey: .source)
        let settings = try c.decode(ReportSettings.self, forKey: .settings)
        let summary = try c.decode(TimingSummary.self, forKey: .summary)
        // A digest (`decodeDigest`) skips the lists, unless what is worked
        // out from the hits of an older report must be.
        let digesting = decoder.userInfo[.reportDigest] as? Bool == true
        let skips = digesting && summary.spreadMs != nil && c.contains(.byPosition)
        func list<Element: Decodable>(_ type: [Element].Type, _ key: ReportField) throws -> [Element] {
            skips ? [] : try c.decode(type, forKey: key)
        }
        self.init(
            schema: schema, tactusVersion: tactusVersion, createdAt: createdAt, source: source, settings: settings,
            summary: summary,
            withoutClick: try c.decodeIfPresent(TimingSummary.self, forKey: .withoutClick),
            byBeat: try c.decode([BeatSummary].self, forKey: .byBeat),
            bySubdivision: try c.decode([SubdivisionSummary].self, forKey: .bySubdivision),
            byNote: try c.decode([NoteSummary].self, forKey: .byNote),
            bars: try list([BarSummary].self, .bars),
            histogram: try c.decode(OffsetHistogram.self, forKey: .histogram),
            hits: try list([ScoredHit].self, .hits),
            misses: try list([MissedPosition].self, .misses),
            tempoChanges: try list([ReportTempoChange].self, .tempoChanges),
            events: try list([SessionEvent].self, .events),
            byPreset: try c.decodeIfPresent([PresetSummary].self, forKey: .byPreset) ?? [],
            players: try c.decodeIfPresent([PlayerReport].self, forKey: .players),
            ensemble: try c.decodeIfPresent(EnsembleReport.self, forKey: .ensemble),
            // Reports written before findings, or before the spread left once
            // they are taken out, get them computed now.
            findings: summary.spreadMs == nil ? nil : try c.decodeIfPresent([Finding].self, forKey: .findings),
            byPosition: try c.decodeIfPresent([PositionSummary].self, forKey: .byPosition),
            byVoice: try c.decodeIfPresent([VoiceSummary].self, forKey: .byVoice),
            pulse: try c.decodeIfPresent(PulseReport.self, forKey: .pulse))
        if digesting { self = digest }
    }

    /// The report's fields as a history's index keeps them (`ReportIndex`).
    public func encode(to encoder: any Encoder) throws {
        var fields = ReportFieldEncoder(encoder)
        try write(to: &fields)
    }

    /// The report's fields, the one list of them, in sorted key order: the
    /// report file's (`writeJSON`) and the index's (`encode(to:)`).
    func write(to json: inout some ReportObjectWriter & ~Copyable) throws {
        try json.list(.bars, bars) { try $1.write(to: &$0) }
        try json.value(.byBeat, byBeat)
        try json.value(.byNote, byNote)
        try json.value(.byPosition, byPosition)
        try json.value(.byPreset, byPreset)
        try json.value(.bySubdivision, bySubdivision)
        try json.value(.byVoice, byVoice)
        try json.value(.createdAt, createdAt)
        if let ensemble { try json.value(.ensemble, ensemble) }
        try json.value(.events, events)
        try json.value(.findings, findings)
        try json.value(.histogram, histogram)
        try json.list(.hits, hits) { try $1.write(to: &$0) }
        try json.list(.misses, misses) { try $1.write(to: &$0) }
        if let players { try json.list(.players, players) { try $1.write(to: &$0) } }
        if let pulse { try json.value(.pulse, pulse) }
        try json.value(.schema, schema)
        try json.value(.settings, settings)
        try json.value(.source, source)
        try json.value(.summary, summary)
        try json.value(.tactusVersion, tactusVersion)
        try json.value(.tempoChanges, tempoChanges)
        try json.value(.withoutClick, withoutClick)
    }
}

extension PracticeReport {
    /// The report of a take scored against the player's own `pulse`: the
    /// grid is free, the pulse is kept, and the findings are made again
    /// with it (tempo claims in, claims against a click out).
    public mutating func setPulse(_ pulse: Pulse) {
        settings.freeTime = true
        self.pulse = PulseReport(pulse)
        setFindings(Findings.of(self))
    }
}
