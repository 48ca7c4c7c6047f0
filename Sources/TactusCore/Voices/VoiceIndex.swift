/// Numbers the voices of hits as they come, for tallies kept in arrays: the
/// map's voices first (their indices in `DrumMap.voices`), then notes off the
/// map as they are met. Audio strokes have none.
struct VoiceIndex {
    let map: DrumMap
    /// The name of each index.
    private(set) var names: [String]
    /// Index by note for notes off the map (on any channel); -1 not met yet.
    private var offMap: [Int32]

    init(map: DrumMap) {
        self.map = map
        names = map.voices
        offMap = Array(repeating: -1, count: 128)
    }

    /// The index of `hit`'s voice; nil for an audio stroke.
    mutating func index(of hit: ScoredHit) -> Int? {
        index(note: hit.note, channel: hit.channel)
    }

    mutating func index(note: Int, channel: Int) -> Int? {
        if let known = existingIndex(note: note, channel: channel) { return known }
        guard NoteFilter.allowedChannels.contains(channel), (0...127).contains(note) else { return nil }
        offMap[note] = Int32(names.count)
        names.append("note \(note)")
        return Int(offMap[note])
    }

    /// The index of a voice already met (or on the map); nil otherwise.
    func existingIndex(note: Int, channel: Int) -> Int? {
        guard NoteFilter.allowedChannels.contains(channel), (0...127).contains(note) else { return nil }
        if let mapped = map.mappedVoice(note: note, channel: channel) { return mapped }
        return offMap[note] >= 0 ? Int(offMap[note]) : nil
    }

    /// Every index met, in report order: the map's voices, then notes off the
    /// map by number.
    var ordered: [Int] {
        let mapped = Array(0..<map.voices.count)
        let others = (map.voices.count..<names.count).sorted {
            Int(names[$0].dropFirst(5)) ?? 0 < Int(names[$1].dropFirst(5)) ?? 0
        }
        return mapped + others
    }
}
