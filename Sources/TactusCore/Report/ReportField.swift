/// A field of report JSON that its writers put a field at a time
/// (`ReportFieldWriter`): the one spelling of its name, which the writers
/// (`json.number(.bar, …)`) and the report's and the journal's decoders
/// (`forKey: .bar`) both use. Only the names declared here are keys.
struct ReportField: CodingKey {
    let text: StaticString

    private init(_ text: StaticString) {
        self.text = text
    }

    var stringValue: String { text.description }
    var intValue: Int? { nil }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }

    // A hit's, a miss's and a bar's.
    static let bar = Self("bar"), beat = Self("beat"), channel = Self("channel"), countIn = Self("countIn")
    static let frame = Self("frame"), grade = Self("grade"), gridFrame = Self("gridFrame"), levelDb = Self("levelDb")
    static let muted = Self("muted"), note = Self("note"), offsetMs = Self("offsetMs"), preset = Self("preset")
    static let source = Self("source"), subdivision = Self("subdivision"), timeS = Self("timeS"), velocity = Self("velocity")
    static let hits = Self("hits"), matched = Self("matched"), misses = Self("misses")
    static let meanAbsOffsetMs = Self("meanAbsOffsetMs"), meanOffsetMs = Self("meanOffsetMs"), sdOffsetMs = Self("sdOffsetMs")
    // A player's.
    static let findings = Self("findings"), layer = Self("layer"), name = Self("name"), port = Self("port")
    static let summary = Self("summary"), voices = Self("voices")
    // The report's own.
    static let bars = Self("bars"), byBeat = Self("byBeat"), byNote = Self("byNote"), byPosition = Self("byPosition")
    static let byPreset = Self("byPreset"), bySubdivision = Self("bySubdivision"), byVoice = Self("byVoice")
    static let createdAt = Self("createdAt"), ensemble = Self("ensemble"), events = Self("events"), histogram = Self("histogram")
    static let players = Self("players"), pulse = Self("pulse"), schema = Self("schema"), settings = Self("settings")
    static let tactusVersion = Self("tactusVersion"), tempoChanges = Self("tempoChanges"), withoutClick = Self("withoutClick")
    // A journal line's own.
    static let frames = Self("frames"), player = Self("player"), type = Self("type")
}
