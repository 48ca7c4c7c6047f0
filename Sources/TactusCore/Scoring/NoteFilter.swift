/// Which note-ons are scored: by note number (single notes or ranges) and by
/// channel (1–16). An empty list lets everything through.
public struct NoteFilter: Hashable, Sendable, Codable {
    /// Note ranges scored; empty scores every note.
    public var notes: [ClosedRange<Int>]
    /// MIDI channels as tactus numbers them everywhere.
    public static let allowedChannels = 1...16
    /// Channels (1–16) scored; empty scores every channel.
    public var channels: [Int]

    public init(notes: [ClosedRange<Int>] = [], channels: [Int] = []) {
        self.notes = notes
        self.channels = channels
    }

    /// Scores every note on every channel.
    public static let all = NoteFilter()

    public func accepts(note: Int, channel: Int) -> Bool {
        (channels.isEmpty || channels.contains(channel))
            && (notes.isEmpty || notes.contains { $0.contains(note) })
    }

    /// Parses a note list such as "36,38,42-46" (numbers 0–127).
    public init(parsingNotes text: String) throws(SettingError) {
        var ranges: [ClosedRange<Int>] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                  let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]),
                  (0...127).contains(low), (0...127).contains(high), low <= high else {
                throw SettingError(field: "noteFilter.notes", message: "\"\(item)\" is not a note 0-127 or a range like 42-46")
            }
            ranges.append(low...high)
        }
        self.init(notes: ranges)
    }

    /// Throws when a note is outside 0–127 or a channel outside 1–16.
    public func validate() throws(SettingError) {
        for (index, range) in notes.enumerated() where range.lowerBound < 0 || range.upperBound > 127 {
            throw SettingError(field: "noteFilter.notes[\(index)]", message: "must lie within 0-127, got \(range.lowerBound)-\(range.upperBound)")
        }
        for (index, channel) in channels.enumerated() where !Self.allowedChannels.contains(channel) {
            throw SettingError(field: "noteFilter.channels[\(index)]", message: "must be 1-16, got \(channel)")
        }
    }
}
