import TactusCore

/// One `--player NAME=SOURCE` of a group session: in `run` the SOURCE is a
/// JACK port (exact name or regex, as `--connect-input` takes), a MIDI
/// output or, as `audio:PORT`, an audio one; in `analyze` `track:N` or
/// `channel:N` of the file.
struct PlayerOption: Hashable, Sendable {
    var name: String
    var source: String

    /// Parses `NAME=SOURCE`; a name is letters, digits, `-`, `_` and `.`, up to 32.
    init(parsing text: String) throws(CommandLineError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw .option("--player", "expected NAME=PORT like anna=system:midi_capture_1, got '\(text)'")
        }
        let name = String(text[..<equals])
        let source = String(text[text.index(after: equals)...])
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !name.isEmpty, name.count <= 32, name.allSatisfy({ allowed.contains($0) }) else {
            throw .option("--player", "expected a name of letters, digits, -, _ or . (up to 32) before '=', got '\(name)'")
        }
        guard !source.isEmpty, source != Self.audioPrefix else {
            throw .option("--player", "missing what '\(name)' plays into after '\(source.isEmpty ? "=" : Self.audioPrefix)'")
        }
        self.name = name
        self.source = source
    }

    static let audioPrefix = "audio:"

    /// Whether the player plays audio (`NAME=audio:PORT`), scored by onset detection.
    var isAudio: Bool { source.hasPrefix(Self.audioPrefix) }

    /// The port (or pattern) to connect to the player's input.
    var port: String { isAudio ? String(source.dropFirst(Self.audioPrefix.count)) : source }

    /// Throws when a name is given twice or there are more than `limit` players.
    static func validate(_ players: [PlayerOption], limit: Int) throws(CommandLineError) {
        var seen: Set<String> = []
        for player in players where !seen.insert(player.name).inserted {
            throw .option("--player", "'\(player.name)' is given twice; give each player a name of their own")
        }
        if players.count > limit {
            throw .option("--player", "\(players.count) players given; a session takes at most \(limit)")
        }
    }
}

extension OptionValue where Value == PlayerOption {
    /// `NAME=SOURCE` (`PlayerOption(parsing:)`).
    static var player: OptionValue { OptionValue { text, _ throws(CommandLineError) in try PlayerOption(parsing: text) } }
}
