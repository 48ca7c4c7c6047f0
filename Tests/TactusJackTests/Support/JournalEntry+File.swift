import Foundation
import TactusCore

extension JournalEntry {
    /// The lines of the journal at `path` decoded (a last line cut short is
    /// left out); none when there is no such file.
    static func read(_ path: String) -> [JournalEntry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(JournalEntry.self, from: Data($0.utf8)) }
    }
}
