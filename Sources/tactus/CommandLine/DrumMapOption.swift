import TactusCore

/// `--drum-map FILE|NAME`: what names the voices of a kit in the report.
enum DrumMapOption {
    static let help = "The drum map naming each note's voice: a file, or a shipped map such as roland-td17 (Configs/drum-maps; default: \(DrumMap.generalMIDI.name), channel 10)."

    static func option<Target>(_ set: @escaping @Sendable (inout Target, String) -> Void) -> Option<Target> {
        Option("--drum-map", "FILE|NAME", help, .text, set)
    }

    static func voiceLayerOption<Target>(_ set: @escaping @Sendable (inout Target, String) -> Void) -> Option<Target> {
        Option("--voice-layer", "VOICE=K",
               "Score VOICE against click layer K (2 is the first --poly) as a part of its own: a voice of the drum map, hands (all but the kick) or feet (the kick); repeatable.",
               .text, set)
    }

    /// The parts `texts` (`VOICE=K`) name on `map`, each layer one of the
    /// `layers` given; a voice in two parts is an error.
    static func voiceLayers(_ texts: [String], map: DrumMap, layers: Int) throws(CommandLineError) -> [VoiceLayer] {
        var parts: [VoiceLayer] = []
        for text in texts {
            let part = try VoiceLayer.parse(text, map: map)
            guard part.layer < layers else {
                throw .option("--voice-layer", layers == 0
                    ? "layer \(part.layer + 2) is not there: add it with --poly N:M (the first is layer 2)"
                    : "layer \(part.layer + 2) is not there: --poly gives layers 2 to \(layers + 1)")
            }
            if let taken = part.voices.first(where: { voice in parts.contains { $0.voices.contains(voice) } }) {
                throw .option("--voice-layer", "the \(taken) is already in another part")
            }
            parts.append(part)
        }
        return parts
    }

    /// The map `name` names: General MIDI's for `general-midi` (or no name),
    /// else a file, or a map found by name where configs are looked for.
    static func resolve(_ name: String?, environment: [String: String]) throws(CommandLineError) -> DrumMap {
        guard let name, name != DrumMap.generalMIDI.name else { return .generalMIDI }
        return try ConfigSearch.load(name, kind: "drum-maps", option: "--drum-map", what: "drum map", environment: environment) {
            (bytes, path, name) throws(SettingError) in try DrumMap(json: bytes, file: path, name: name)
        }
    }
}
