import Foundation

/// The session journal: a JSON Lines text written as the session goes, so
/// an interrupted session can still be reported. Encoding is pure (it
/// returns text; writing the file is the caller's business), numbers are
/// written exactly, and `recover` rebuilds the report from the text.
public enum SessionJournal {
    public static let schemaName = "tactus.journal/1"

    /// `entry` as one line of compact JSON with sorted keys, ending in "\n".
    public static func line(_ entry: JournalEntry) -> String {
        switch entry {
        case .header(let header): encodedLine(header, type: .header)
        case .event(let event): plainEventLine(event) ?? encodedLine(event, type: .event)
        case .tempoChange(let change): encodedLine(change, type: .tempo)
        case .hit(let hit): JournalLine.text(.hit) { try hit.write(to: &$0) }
        case .miss(let miss): JournalLine.text(.miss) { try miss.write(to: &$0) }
        case .bar(let bar): JournalLine.text(.bar, frames: bar.frames) { try bar.summary.write(to: &$0) }
        case .playerHit(let player, let hit): JournalLine.text(.playerHit, player: player) { try hit.write(to: &$0) }
        case .playerMiss(let player, let miss): JournalLine.text(.playerMiss, player: player) { try miss.write(to: &$0) }
        }
    }

    /// The line of an entry with a number that is not finite; recovery reports it.
    static let unwritable = "{\"type\":\"unwritable\"}\n"

    /// An event line written directly, as the encoder would write it, when
    /// nothing in it needs escaping (an xrun, a double trigger …): an
    /// overloaded server can report hundreds of xruns a second.
    static func plainEventLine(_ event: SessionEvent) -> String? {
        guard event.gapS == nil, event.shiftFrames == nil,
              event.detail.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return "{\"detail\":\"\(event.detail)\",\"frame\":\(event.frame),\"kind\":\"\(event.kind.rawValue)\",\"type\":\"event\"}\n"
    }

    /// A header's, an event's or a tempo change's line through `JSONEncoder`
    /// (sorted keys, exact numbers), its `type` beside its fields.
    static func encodedLine(_ fields: some Encodable, type: JournalEntry.Kind) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[ReportNumber.exactKey] = true
        do {
            return String(decoding: try encoder.encode(JournalEntry.Typed(fields: fields, type: type)), as: UTF8.self) + "\n"
        } catch {
            return unwritable
        }
    }

    /// The lines of `entries`, in order.
    public static func lines(_ entries: [JournalEntry]) -> String {
        entries.map(line).joined()
    }

    /// The lines for what the scorer settled: its misses, then its completed bars.
    public static func lines(for progress: ScorerProgress) -> String {
        lines(progress.misses.map(JournalEntry.miss) + progress.completedBars.map(JournalEntry.bar))
    }

    /// The lines for what became of one note-on: a hit line, a double-trigger
    /// event line, or nothing for a filtered note.
    public static func lines<Grid>(for outcome: Scorer<Grid>.Outcome) -> String {
        switch outcome {
        case .scored(let hit): line(.hit(hit))
        case .doubleTrigger(let event): line(.event(event))
        case .filtered: ""
        }
    }
}
