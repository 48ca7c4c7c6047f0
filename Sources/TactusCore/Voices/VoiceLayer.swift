/// `--voice-layer NAME=K`: the voices NAME names scored against click layer
/// K (2 is the first layer) instead of the main click, as a part of their
/// own. NAME is a voice of the drum map (`snare`), or `hands` (every voice of
/// the map but the kick) or `feet` (the kick).
public struct VoiceLayer: Hashable, Sendable {
    public var name: String
    /// The map's voices in the part.
    public var voices: [String]
    /// The layer as `ScoringSettings.layer` counts it (0 is the first).
    public var layer: Int

    /// Reads `NAME=K` against `map`; what is wrong is a `--voice-layer` usage error.
    public static func parse(_ text: String, map: DrumMap) throws(CommandLineError) -> VoiceLayer {
        let halves = text.split(separator: "=", omittingEmptySubsequences: false)
        guard halves.count == 2, let number = Int(halves[1]), (2...(ClickLayer.capacity + 1)).contains(number) else {
            throw .option("--voice-layer", "expected VOICE=K with K from 2 to \(ClickLayer.capacity + 1), like hands=2 or snare=2, got '\(text)'")
        }
        let name = String(halves[0])
        let voices: [String]
        switch name {
        case "hands": voices = map.voices.filter { $0 != "kick" }
        case "feet": voices = map.voices.filter { $0 == "kick" }
        default: voices = map.voices.contains(name) ? [name] : []
        }
        guard !voices.isEmpty else {
            throw .option("--voice-layer", "'\(name)' is no voice of the drum map \(map.name) (hands, feet, \(map.voices.joined(separator: ", ")))")
        }
        return VoiceLayer(name: name, voices: voices, layer: number - 2)
    }

    /// The map's notes of the part's voices (on the map's channel).
    public func notes(in map: DrumMap) -> [Int] {
        map.entries.filter { voices.contains($0.voice) }.map(\.note)
    }
}

/// Which voice layer, if any, takes each note-on.
public struct VoiceLayerRouting: Sendable {
    public let layers: [VoiceLayer]
    private let channel: Int?
    /// Part index by note (-1: none), on `channel`.
    private let partByNote: [Int8]

    public init(_ layers: [VoiceLayer], map: DrumMap) {
        self.layers = layers
        channel = map.channel
        var table = [Int8](repeating: -1, count: 128)
        for (index, layer) in layers.enumerated() {
            for note in layer.notes(in: map) where table[note] < 0 { table[note] = Int8(index) }
        }
        partByNote = table
    }

    /// The part that scores a note-on, nil for the main click.
    public func part(note: Int, channel: Int) -> Int? {
        guard !layers.isEmpty, self.channel == nil || self.channel == channel, (0...127).contains(note) else { return nil }
        let index = Int(partByNote[note])
        return index >= 0 ? index : nil
    }
}
