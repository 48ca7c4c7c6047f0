import Foundation

/// What tactus remembers between runs: the setlist last used, the preset
/// selected in it, and the tempo last played. Kept in `state.json` under the
/// XDG state directory (see `fileLocation(environment:)`).
public struct PracticeState: Hashable, Sendable {
    /// Path of the setlist file.
    public var setlist: String?
    /// Name of the preset selected in it.
    public var preset: String?
    public var tempo: Tempo?

    /// The `"schema"` written into the file.
    public static let schema = "tactus.state/1"

    public init(setlist: String? = nil, preset: String? = nil, tempo: Tempo? = nil) {
        self.setlist = setlist
        self.preset = preset
        self.tempo = tempo
    }

    /// Where the state lives: `$XDG_STATE_HOME/tactus/state.json`, or
    /// `$HOME/.local/state/tactus/state.json` when XDG_STATE_HOME is unset,
    /// empty or relative (the XDG spec says to ignore relative paths); nil
    /// when neither gives an absolute directory.
    public static func fileLocation(environment: [String: String]) -> String? {
        xdgFile("state.json", in: "XDG_STATE_HOME", orHome: ".local/state", environment: environment)
    }
}

extension PracticeState: Codable {
    enum CodingKeys: String, CodingKey {
        case schema, setlist, preset, bpm
    }

    /// Fields a later version adds are ignored, so an older tactus can still
    /// read the file; a different schema is refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decodeIfPresent(String.self, forKey: .schema)
        guard schema == nil || schema == Self.schema else {
            throw SettingError(field: "schema", message: "'\(schema ?? "")' is not \(Self.schema)")
        }
        setlist = try container.decodeIfPresent(String.self, forKey: .setlist)
        preset = try container.decodeIfPresent(String.self, forKey: .preset)
        tempo = try container.decodeIfPresent(Tempo.self, forKey: .bpm)
        if let tempo, !Tempo.allowed.contains(tempo) {
            throw SettingError(field: "bpm", message: "\(tempo) is outside \(OptionHelp.range(Tempo.allowed))")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encodeIfPresent(setlist, forKey: .setlist)
        try container.encodeIfPresent(preset, forKey: .preset)
        try container.encodeIfPresent(tempo, forKey: .bpm)
    }

    /// The file's bytes: pretty-printed JSON with sorted keys and a final newline.
    public func encoded() -> [UInt8] {
        // Strings and finite numbers always encode.
        (try? FileJSON.encoded(self)) ?? Array("{}\n".utf8)
    }

    /// Reads a state file strictly as JSON, leniently as to unknown fields.
    /// - Throws: `SettingError` naming `file` and the field.
    public init(json bytes: [UInt8], file: String) throws(SettingError) {
        self = try ConfigJSON.decode(PracticeState.self, from: bytes, kind: "the practice state", file: file)
    }
}
