import TactusCore

/// `--drum-map FILE|NAME`: what names the voices of a kit in the report.
enum DrumMapOption {
    static let help = "The drum map naming each note's voice: a file, or a shipped map such as roland-td17 (Configs/drum-maps; default: general-midi, channel 10)."

    static func option<Target>(_ set: @escaping @Sendable (inout Target, String) -> Void) -> Option<Target> {
        Option("--drum-map", "FILE|NAME", help, .text, set)
    }

    /// The map `name` names: General MIDI's for `general-midi` (or no name),
    /// else a file, or a map found by name where configs are looked for.
    static func resolve(_ name: String?, environment: [String: String]) throws(CommandLineError) -> DrumMap {
        guard let name, name != DrumMap.generalMIDI.name else { return .generalMIDI }
        return try ConfigSearch.load(name, kind: "drum-maps", option: "--drum-map", what: "drum map", environment: environment) {
            (bytes, path, name) throws(ConfigFileError) in try DrumMap(json: bytes, file: path, name: name)
        }
    }
}
