extension DrumMap {
    /// Reads a drum map file: `{"description": "…", "channel": 10 or "any",
    /// "notes": [{"note": 36, "voice": "kick"}, {"note": 40, "voice": "snare",
    /// "articulation": "rim"}], "split": 60}` (`split`, optional: notes off
    /// the map below that key are the left hand, the rest the right); `name`
    /// is what the report calls it (the
    /// file's name). Broken JSON, unknown fields, wrong types, a note given
    /// twice or outside 0–127 and an empty voice are errors naming `file` and
    /// the field.
    public init(json bytes: [UInt8], file: String, name: String) throws(SettingError) {
        let read = try ConfigJSON.decode(DrumMapFile.self, from: bytes, kind: "a drum map", file: file)
        self.init(name: name, channel: read.channel, entries: read.entries, splitKey: read.split)
    }
}

/// The top level of a drum map file.
private struct DrumMapFile: Decodable {
    var channel: Int?
    var entries: [DrumMap.Entry]
    var split: Int?

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["description", "channel", "notes", "split"])
        split = try object.integer("split")
        if let split, !(1...127).contains(split) { throw object.error("split", "\(split) is outside 1–127") }
        _ = try object.string("description")
        guard object.contains("channel") else {
            throw object.error("channel", "missing; the channel the drums play on, \(OptionHelp.range(NoteFilter.allowedChannels)), or \"any\"")
        }
        channel = try object.channel("channel")
        guard let notes = try object.decode([NoteEntry].self, "notes") else {
            throw object.error("notes", "missing; the list of {\"note\": N, \"voice\": \"kick\"} entries")
        }
        guard !notes.isEmpty || split != nil else {
            throw object.error("notes", "empty; a drum map names at least one note, or splits the keys (\"split\": 60)")
        }
        var seen: [Int: Int] = [:]
        for (index, entry) in notes.enumerated() {
            if let earlier = seen[entry.entry.note] {
                throw SettingError(
                    field: object.path("notes") + "[\(index)].note", message: "note \(entry.entry.note) is already in notes[\(earlier)]")
            }
            seen[entry.entry.note] = index
        }
        entries = notes.map(\.entry)
    }
}

/// `{"note": 40, "voice": "snare", "articulation": "rim"}`
private struct NoteEntry: Decodable {
    var entry: DrumMap.Entry

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["note", "voice", "articulation"])
        guard let note = try object.integer("note") else { throw object.error("note", "missing; the MIDI note number 0–127") }
        guard (0...127).contains(note) else { throw object.error("note", "\(note) is outside 0–127") }
        guard let voice = try object.string("voice") else {
            throw object.error("voice", "missing; the voice it plays, e.g. \(DrumMap.kitOrder.prefix(3).joined(separator: ", "))")
        }
        guard !voice.isEmpty, !voice.hasPrefix("note ") else {
            throw object.error("voice", "'\(voice)' cannot name a voice (empty, or taken by notes off the map)")
        }
        let articulation = try object.string("articulation")
        if articulation == "" { throw object.error("articulation", "empty; leave it out for the voice's plain hit") }
        entry = DrumMap.Entry(note: note, voice: voice, articulation: articulation)
    }
}
