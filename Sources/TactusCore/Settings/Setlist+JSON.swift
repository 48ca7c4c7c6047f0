extension Setlist {
    /// Reads a setlist file: `{"name": "Friday gig", "presets": [{"name":
    /// "Warm-up", "bpm": 80, "meter": "4/4", …}, …]}`. Each preset is a
    /// practice config (same fields, same checks, including `validate()` and
    /// the timeline it describes) plus a `name`, unique ignoring case.
    /// Errors name `file` and the field: `gig.json: presets[1].bpm: 500 is outside 20–400`.
    public init(json bytes: [UInt8], file: String) throws(SettingError) {
        let read = try ConfigJSON.decode(SetlistFile.self, from: bytes, kind: "a setlist", file: file)
        for (index, preset) in read.setlist.presets.enumerated() {
            do {
                _ = try preset.config.timelineSpec()
            } catch {
                let field = error.field.isEmpty ? "presets[\(index)]" : "presets[\(index)].\(error.field)"
                throw SettingError(file: file, field: field, message: error.message)
            }
        }
        self = read.setlist
    }
}

/// The top level of a setlist file.
private struct SetlistFile: Decodable {
    var setlist: Setlist

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["name", "presets"])
        guard let name = try object.string("name") else { throw object.error("name", "missing; the setlist's name") }
        guard let presets = try object.decode([SetlistPreset].self, "presets") else {
            throw object.error("presets", "missing; the list of presets, each {\"name\": …, \"bpm\": …}")
        }
        guard !presets.isEmpty else { throw object.error("presets", "empty; a setlist needs at least one preset") }
        for (index, preset) in presets.enumerated() {
            if let earlier = presets[..<index].firstIndex(where: { Setlist.key($0.name) == Setlist.key(preset.name) }) {
                throw SettingError(
                    field: "presets[\(index)].name", message: "'\(preset.name)' is already the name of presets[\(earlier)]")
            }
        }
        setlist = Setlist(name: name, presets: presets)
    }
}
