/// One song of a setlist: a practice config with a name. In the file the
/// name sits beside the config's own fields:
/// `{"name": "Ballad", "bpm": 72, "meter": "6/8", "accents": "X..x.."}`.
public struct SetlistPreset: Hashable, Sendable {
    public var name: String
    public var config: PracticeConfig

    public init(name: String, config: PracticeConfig) {
        self.name = name
        self.config = config
    }
}

extension SetlistPreset: Decodable {
    /// Reads the name, and the config through `PracticeConfig`'s strict
    /// decoding (so the fields and their errors are exactly a config's).
    public init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["name"] + PracticeConfig.fieldNames)
        guard let name = try object.string("name") else { throw object.error("name", "missing; every preset needs a name") }
        guard !name.allSatisfy(\.isWhitespace) else { throw object.error("name", "empty; every preset needs a name") }
        self.name = name
        config = try PracticeConfig(from: decoder, alsoAllowing: ["name"])
    }
}
