/// A report's settings keep the map its voices were named by:
/// `{"name": "general-midi", "channel": 10, "notes": [{"note": 36, "voice": "kick"}, …]}`
/// (`channel` null: every channel).
extension DrumMap: Codable {
    enum CodingKeys: String, CodingKey {
        case name, channel, notes, split
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let channel = try c.decodeIfPresent(Int.self, forKey: .channel)
        if let channel, !NoteFilter.allowedChannels.contains(channel) {
            throw DecodingError.dataCorruptedError(forKey: .channel, in: c, debugDescription: "\(channel) is outside \(OptionHelp.range(NoteFilter.allowedChannels))")
        }
        let entries = try c.decode([Entry].self, forKey: .notes)
        if let outside = entries.first(where: { !(0...127).contains($0.note) }) {
            throw DecodingError.dataCorruptedError(forKey: .notes, in: c, debugDescription: "note \(outside.note) is outside 0–127")
        }
        self.init(
            name: try c.decode(String.self, forKey: .name), channel: channel, entries: entries,
            splitKey: try c.decodeIfPresent(Int.self, forKey: .split))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(channel, forKey: .channel)
        try c.encode(entries, forKey: .notes)
        try c.encodeIfPresent(splitKey, forKey: .split)
    }
}
