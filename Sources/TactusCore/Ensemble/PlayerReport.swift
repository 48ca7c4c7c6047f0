/// One player of a group session (`--player NAME=PORT`, or
/// `--player NAME=track:N` in analyze): their own summary, hits and findings,
/// each in the same shape as a single player's report.
public struct PlayerReport: Hashable, Sendable {
    public var name: String
    /// The port their input came through, or the track or channel of a file.
    public var port: String
    public var summary: TimingSummary
    /// Every scored note-on of this player, extras and count-in included.
    public var hits: [ScoredHit]
    public var findings: [Finding]
    /// A part of the kit scored against a click layer (`--voice-layer`):
    /// the layer as `scoreLayer` counts it (2 is the first) and its voices;
    /// nil for a player.
    public var layer: Int?
    public var voices: [String]?

    public init(
        name: String, port: String, summary: TimingSummary, hits: [ScoredHit], findings: [Finding] = [], layer: Int? = nil,
        voices: [String]? = nil
    ) {
        self.name = name
        self.port = port
        self.summary = summary
        self.hits = hits
        self.findings = findings
        self.layer = layer
        self.voices = voices
    }

    /// A player's part of a group report from the report their own scorer made.
    public init(name: String, port: String, report: PracticeReport) {
        self.init(
            name: name, port: port, summary: report.summary, hits: report.hits,
            findings: Findings.of(report))
    }

    /// A part of the kit scored against its click layer, from its own report.
    public init(part: VoiceLayer, report: PracticeReport) {
        self.init(
            name: part.name, port: "layer \(part.layer + 2)", summary: report.summary, hits: report.hits,
            findings: Findings.of(report), layer: part.layer + 2, voices: part.voices)
    }
}

extension PlayerReport: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            port: try c.decode(String.self, forKey: .port),
            summary: try c.decode(TimingSummary.self, forKey: .summary),
            hits: decoder.userInfo[.reportDigest] as? Bool == true ? [] : try c.decode([ScoredHit].self, forKey: .hits),
            findings: try c.decodeIfPresent([Finding].self, forKey: .findings) ?? [],
            layer: try c.decodeIfPresent(Int.self, forKey: .layer), voices: try c.decodeIfPresent([String].self, forKey: .voices))
    }
}
