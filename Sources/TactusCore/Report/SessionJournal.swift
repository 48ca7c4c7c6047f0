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
        case .event(let event): if let line = plainEventLine(event) { return line }
        case .hit(let hit): if let line = plainHitLine(hit) { return line }
        default: break
        }
        return encodedLine(entry)
    }

    /// A hit line written directly, as the encoder would write it (sorted
    /// keys, exact numbers), for a hit without a preset name: one a note.
    static func plainHitLine(_ hit: ScoredHit) -> String? {
        guard hit.preset == nil, hit.offsetMs.isFinite, hit.timeS.isFinite else { return nil }
        var line = "{\"bar\":\(hit.position.bar),\"beat\":\(hit.position.beat),\"channel\":\(hit.channel),"
        if hit.countIn { line += "\"countIn\":true," }
        line += "\"frame\":\(hit.frame),\"grade\":\"\(hit.grade.rawValue)\",\"gridFrame\":\(hit.gridFrame),"
        if hit.muted { line += "\"muted\":true," }
        line += "\"note\":\(hit.note),\"offsetMs\":\(ReportNumber.encoded(hit.offsetMs)),\"subdivision\":\(hit.position.subdivision),"
        line += "\"timeS\":\(ReportNumber.encoded(hit.timeS)),\"type\":\"hit\",\"velocity\":\(hit.velocity)}\n"
        return line
    }

    /// An event line written directly, as the encoder would write it, when
    /// nothing in it needs escaping (an xrun, a double trigger …): an
    /// overloaded server can report hundreds of xruns a second.
    static func plainEventLine(_ event: SessionEvent) -> String? {
        guard event.gapS == nil, event.shiftFrames == nil,
              event.detail.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return "{\"detail\":\"\(event.detail)\",\"frame\":\(event.frame),\"kind\":\"\(event.kind.rawValue)\",\"type\":\"event\"}\n"
    }

    /// The line through `JSONEncoder` (sorted keys, exact numbers).
    static func encodedLine(_ entry: JournalEntry) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[ReportNumber.exactKey] = true
        do {
            return String(decoding: try encoder.encode(entry), as: UTF8.self) + "\n"
        } catch {
            // Only a non-finite number gets here; recovery reports the line.
            return "{\"type\":\"unwritable\"}\n"
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
