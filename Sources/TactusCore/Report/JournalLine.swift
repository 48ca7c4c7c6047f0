/// One journal line of a hit, a miss or a bar: the element's fields as the
/// report writes them (`write(to:)`), compact and with the numbers exact,
/// and the entry's own (its `type`, a player's name, a bar's frames) each
/// in its sorted place, as `JSONEncoder` writes them with sorted keys.
struct JournalLine: JSONFieldWriter, ~Copyable {
    static let exactNumbers = true
    private var out = JSONByteBuffer(capacity: 256)
    private let type: JournalEntry.Kind
    /// The entry's own fields, until they are written.
    private var typed = false
    private var player: [UInt8]?
    private var frames: Int64?

    private init(type: JournalEntry.Kind, player: [UInt8]?, frames: Int64?) {
        self.type = type
        self.player = player
        self.frames = frames
        out.append(UInt8(ascii: "{"))
    }

    /// The line, ending in "\n"; one with a number that is not finite is
    /// `SessionJournal.unwritable`.
    static func text(
        _ type: JournalEntry.Kind, player: String? = nil, frames: Int64? = nil, _ fields: (inout JournalLine) throws -> Void
    ) -> String {
        do {
            var line = JournalLine(type: type, player: try player.map { try JSONByteBuffer.encoded($0) }, frames: frames)
            try fields(&line)
            line.add(before: nil)
            line.out.append("}\n")
            return line.out.text
        } catch {
            return SessionJournal.unwritable
        }
    }

    mutating func field(_ name: ReportField, _ value: (inout JSONByteBuffer) -> Void) {
        add(before: name)
        key(name)
        value(&out)
    }

    private mutating func key(_ name: ReportField) {
        if out.count > 1 { out.append(UInt8(ascii: ",")) }
        out.appendQuoted(name.text)
        out.append(UInt8(ascii: ":"))
    }

    /// The entry's own fields whose keys sort before `name`; all that are
    /// left at the end (nil).
    private mutating func add(before name: ReportField?) {
        if let frames, Self.sorts(.frames, before: name) {
            self.frames = nil
            key(.frames)
            out.appendDecimal(frames)
        }
        if let player, Self.sorts(.player, before: name) {
            self.player = nil
            key(.player)
            out.append(contentsOf: player)
        }
        if !typed, Self.sorts(.type, before: name) {
            typed = true
            key(.type)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: type.rawValue.utf8)
            out.append(UInt8(ascii: "\""))
        }
    }

    private static func sorts(_ key: ReportField, before name: ReportField?) -> Bool {
        guard let name else { return true }
        return key.text.withUTF8Buffer { key in name.text.withUTF8Buffer { key.lexicographicallyPrecedes($0) } }
    }
}
