/// Strict reading of one JSON object of a config: unknown keys are refused
/// (a typo should not pass silently), whole numbers must be whole, and every
/// error names the field's full path. `null` counts as not given.
struct ConfigObject {
    let container: KeyedDecodingContainer<ConfigKey>

    init(_ decoder: any Decoder, fields: [String]) throws {
        container = try decoder.container(keyedBy: ConfigKey.self)
        for key in container.allKeys where !fields.contains(key.stringValue) {
            throw SettingError(
                field: path(key.stringValue),
                message: "unknown field\(Suggestion.hint(for: key.stringValue, among: fields)); expected one of \(fields.joined(separator: ", "))")
        }
    }

    func path(_ key: String) -> String {
        (container.codingPath + [ConfigKey(key)]).fieldPath
    }

    /// A "missing; …" message for a key given as `null` says so: `found null; …`.
    func error(_ key: String, _ message: String) -> SettingError {
        let given = ConfigKey(key)
        if message.hasPrefix("missing"), container.contains(given), (try? container.decodeNil(forKey: given)) == true {
            return SettingError(field: path(key), message: "found null" + message.dropFirst("missing".count))
        }
        return SettingError(field: path(key), message: message)
    }

    func contains(_ key: String) -> Bool {
        container.contains(ConfigKey(key))
    }

    func number(_ key: String) throws -> Double? {
        try container.decodeIfPresent(Double.self, forKey: ConfigKey(key))
    }

    func integer(_ key: String) throws -> Int? {
        guard let value = try number(key) else { return nil }
        guard value == value.rounded(), abs(value) <= 1e9 else {
            throw error(key, "expected a whole number, got \(value)")
        }
        return Int(value)
    }

    /// A tempo in BPM; far-off values are refused here, before they become `Tempo`.
    func tempo(_ key: String) throws -> Tempo? {
        guard let value = try number(key) else { return nil }
        guard abs(value) <= 1e6 else { throw error(key, "\(value) is outside \(OptionHelp.range(Tempo.allowed))") }
        return Tempo(bpm: value)
    }

    func string(_ key: String) throws -> String? {
        try container.decodeIfPresent(String.self, forKey: ConfigKey(key))
    }

    /// A string turned into a value by `parse`; `expected` says what would do.
    func parsed<T>(_ key: String, expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = try string(key) else { return nil }
        guard let value = parse(text) else { throw error(key, "expected \(expected), got '\(text)'") }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try container.decodeIfPresent(type, forKey: ConfigKey(key))
    }

    /// 1–16, or nil for `"any"` or when left out.
    func channel(_ name: String) throws -> Int? {
        let key = ConfigKey(name)
        if let text = try? container.decodeIfPresent(String.self, forKey: key) {
            guard text == "any" else { throw error(name, "expected \(OptionHelp.range(NoteFilter.allowedChannels)) or \"any\", got '\(text)'") }
            return nil
        }
        guard let number = try? container.decodeIfPresent(Double.self, forKey: key) else {
            guard contains(name), (try? container.decodeNil(forKey: key)) != true else { return nil }
            throw error(name, "expected \(OptionHelp.range(NoteFilter.allowedChannels)) or \"any\"")
        }
        let channels = NoteFilter.allowedChannels
        guard number == number.rounded(), (Double(channels.lowerBound)...Double(channels.upperBound)).contains(number) else {
            throw error(name, "expected \(OptionHelp.range(NoteFilter.allowedChannels)) or \"any\", got \(NumberText.plain(number))")
        }
        return Int(number)
    }
}
