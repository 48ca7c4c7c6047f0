/// Which part of the kit each note is: a note (on the map's channel) names a
/// voice, `kick`, `snare`, `hi-hat` …, and may name an articulation (`rim`,
/// `open`, `bell`). Notes the map does not name, or notes on another channel
/// (a keyboard, a MIDI guitar), are voices of their own, named by the note
/// ("note 60"); audio strokes have no voice.
public struct DrumMap: Hashable, Sendable {
    public struct Entry: Hashable, Sendable, Codable {
        public var note: Int
        public var voice: String
        public var articulation: String?

        public init(note: Int, voice: String, articulation: String? = nil) {
            self.note = note
            self.voice = voice
            self.articulation = articulation
        }
    }

    /// "general-midi", or the map's file name without `.json`.
    public var name: String
    /// 1–16, or nil when the map reads every channel.
    public var channel: Int?
    /// In note order, each note once.
    public private(set) var entries: [Entry]
    /// Notes off the map below this key are the `left hand`, the rest the
    /// `right hand` (a keyboard split between the hands); nil: each note
    /// off the map is its own voice.
    public var splitKey: Int?
    /// Voice index by note on the map's channel (-1: not on the map).
    private var voiceByNote: [Int16]
    /// The voices in report order: the kit's voices in `kitOrder`, then others by name.
    public private(set) var voices: [String]

    /// The kit's voices in the order reports list them.
    public static let kitOrder = [
        "kick", "snare", "hi-hat", "ride", "crash", "tom-high", "tom-mid", "tom-floor", "china", "splash", "cowbell", "percussion",
    ]

    public init(name: String, channel: Int?, entries: [Entry], splitKey: Int? = nil) {
        self.name = name
        self.channel = channel
        self.splitKey = splitKey
        self.entries = entries.sorted { $0.note < $1.note }
        let named = Set(entries.map(\.voice))
        voices = Self.kitOrder.filter(named.contains) + named.subtracting(Self.kitOrder).sorted()
            + (splitKey == nil ? [] : Self.hands.filter { !named.contains($0) })
        voiceByNote = Array(repeating: -1, count: 128)
        for entry in entries where (0...127).contains(entry.note) {
            voiceByNote[entry.note] = Int16(voices.firstIndex(of: entry.voice) ?? -1)
        }
    }

    /// General MIDI's percussion map on channel 10, with the voice names of
    /// the report: kick 35–36; snare 37 (cross-stick), 38, 40 (rim); hi-hat
    /// 42 (closed), 44 (pedal), 46 (open); ride 51, 53 (bell), 59; crash 49,
    /// 52 (china), 55 (splash), 57; toms 41, 43 (floor), 45, 47 (mid), 48,
    /// 50 (high).
    public static let generalMIDI = DrumMap(name: "general-midi", channel: 10, entries: [
        Entry(note: 35, voice: "kick"), Entry(note: 36, voice: "kick"),
        Entry(note: 37, voice: "snare", articulation: "cross-stick"), Entry(note: 38, voice: "snare"),
        Entry(note: 40, voice: "snare", articulation: "rim"),
        Entry(note: 41, voice: "tom-floor"), Entry(note: 43, voice: "tom-floor"),
        Entry(note: 42, voice: "hi-hat", articulation: "closed"), Entry(note: 44, voice: "hi-hat", articulation: "pedal"),
        Entry(note: 46, voice: "hi-hat", articulation: "open"),
        Entry(note: 45, voice: "tom-mid"), Entry(note: 47, voice: "tom-mid"),
        Entry(note: 48, voice: "tom-high"), Entry(note: 50, voice: "tom-high"),
        Entry(note: 49, voice: "crash"), Entry(note: 52, voice: "crash", articulation: "china"),
        Entry(note: 55, voice: "crash", articulation: "splash"), Entry(note: 57, voice: "crash"),
        Entry(note: 51, voice: "ride"), Entry(note: 53, voice: "ride", articulation: "bell"), Entry(note: 59, voice: "ride"),
    ])

    /// The two voices of a split: below the split key, and from it up.
    public static let hands = ["left hand", "right hand"]

    /// The voice of a note-on: the map's name for it on the map's channel,
    /// the hand of a split, "note N" otherwise; nil for an audio stroke
    /// (channel 0).
    public func voice(note: Int, channel: Int) -> String? {
        guard channel >= 1 else { return nil }
        if let index = mappedVoice(note: note, channel: channel) { return voices[index] }
        return "note \(note)"
    }

    /// The index in `voices` of a note the map names on its channel, or of
    /// its hand when the map splits the keys.
    public func mappedVoice(note: Int, channel: Int) -> Int? {
        guard (0...127).contains(note) else { return nil }
        if self.channel == nil || self.channel == channel {
            let index = Int(voiceByNote[note])
            if index >= 0 { return index }
        }
        guard let splitKey else { return nil }
        return voices.firstIndex(of: note < splitKey ? Self.hands[0] : Self.hands[1])
    }

    /// The articulation the map gives a note on its channel, if any.
    public func articulation(note: Int, channel: Int) -> String? {
        guard mappedVoice(note: note, channel: channel) != nil else { return nil }
        return entries.first { $0.note == note }?.articulation
    }
}
