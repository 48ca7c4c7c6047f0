import Foundation

/// What `tactus report trend` and `report html` keep beside a folder of
/// reports (``fileName``), so that reviewing a history costs what the
/// sessions are, not the hits in them: each report's digest
/// (``PracticeReport/digest``) under its file's name, with the size and
/// modification time the file had when it was read.
///
/// A cache: the reports are the one source of truth. An entry counts only
/// while its file keeps that size and time; an index that is missing,
/// damaged or of another tactus is read as empty, and every report is read
/// again.
public struct ReportIndex: Codable, Hashable, Sendable {
    public static let schemaName = "tactus.report-index/1"
    /// The index's name in the folder: hidden, and no `*.json`, so nothing
    /// takes it for a report.
    public static let fileName = ".tactus-index"

    /// One report as it was read.
    public struct Entry: Codable, Hashable, Sendable {
        /// The file's size in bytes and its modification time in
        /// nanoseconds since 1970, when it was read.
        public var size: Int64
        public var modifiedNs: Int64
        public var report: PracticeReport

        public init(size: Int64, modifiedNs: Int64, report: PracticeReport) {
            self.size = size
            self.modifiedNs = modifiedNs
            self.report = report.digest
        }
    }

    public var schema: String
    public var tactusVersion: String
    /// By file name (not path: the folder can move).
    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        schema = Self.schemaName
        tactusVersion = TactusVersion.string
        self.entries = entries
    }

    /// The index in `data`, or an empty one when it is damaged, of another
    /// schema or written by another tactus (its digests may differ).
    public static func read(_ data: Data) -> ReportIndex {
        guard let index = try? JSONDecoder().decode(ReportIndex.self, from: data),
              index.schema == schemaName, index.tactusVersion == TactusVersion.string
        else { return ReportIndex() }
        return index
    }

    /// The index as written: keys sorted, so the same index is the same bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The digest of `name` if its entry still matches the file.
    public func report(_ name: String, size: Int64, modifiedNs: Int64) -> PracticeReport? {
        guard let entry = entries[name], entry.size == size, entry.modifiedNs == modifiedNs else { return nil }
        return entry.report
    }
}
