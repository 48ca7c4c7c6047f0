import Foundation
import TactusCore
import TactusLive

/// A folder of reports read for its history (`report trend`, `report html
/// DIR`): every `*.json` report in it (not its subfolders), each as its
/// digest, taken from the folder's index (`ReportIndex`) while the file is
/// unchanged and read from the file otherwise. Reading costs what the
/// sessions are, not the hits in them: warm, no report is opened. The index
/// is written back (atomically, beside the reports) when anything changed;
/// a folder that takes no file is read all the same.
enum ReportFolder {
    /// One report of the folder: its path and its digest.
    struct Session {
        let path: String
        let report: PracticeReport
    }

    /// The folder's sessions, in file name order. With `since`, files last
    /// changed more than a day before that day are not read (a report is
    /// written after its session began; the day's margin covers any time
    /// zone), and sessions are then kept from that day on as
    /// `PracticeHistory` counts days. A file that is no report (or a
    /// damaged one) is named through `warn` and left out.
    static func sessions(
        in directory: String, since: CalendarDay? = nil, utcOffset: @escaping (Double) -> Int, progress: ProgressMeter? = nil,
        warn: (String) -> Void
    ) throws(CommandLineError) -> [Session] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            let reason = FileManager.default.fileExists(atPath: directory)
                ? "is a file, not a directory; give the directory that holds the reports"
                : "cannot read the directory: No such file or directory"
            throw .badInput(directory, reason)
        }
        let indexPath = FileSystem.path(ReportIndex.fileName, relativeTo: directory)
        let stored = (try? FileSystem.read(indexPath, limit: InputLimit.report)).map { ReportIndex.read(Data($0)) } ?? ReportIndex()
        var index = ReportIndex()
        // Sessions before the day before `since`, in nanoseconds since 1970.
        let oldest = since.map { Int64($0.daysSinceEpoch - 1) * 86_400 * 1_000_000_000 }
        var sessions: [Session] = []
        var unread: [String] = []
        let files = names.sorted().filter { $0.lowercased().hasSuffix(".json") }
        for (number, name) in files.enumerated() {
            progress?.update(number, of: files.count)
            let path = FileSystem.path(name, relativeTo: directory)
            guard let file = FileSystem.status(of: path) else { continue }
            if let report = stored.report(name, size: file.size, modifiedNs: file.modifiedNs) {
                index.entries[name] = ReportIndex.Entry(size: file.size, modifiedNs: file.modifiedNs, report: report)
                sessions.append(Session(path: path, report: report))
                continue
            }
            if let oldest, file.modifiedNs < oldest {
                unread.append(name)
                continue
            }
            do {
                let report = try ReportFiles.load(path, digestOnly: true)
                index.entries[name] = ReportIndex.Entry(size: file.size, modifiedNs: file.modifiedNs, report: report)
                sessions.append(Session(path: path, report: report))
            } catch {
                warn("\(error.message); skipped")
            }
        }
        // Entries of files left unread (by `since`) stay.
        for name in unread {
            if let entry = stored.entries[name] { index.entries[name] = entry }
        }
        if index != stored, let bytes = try? index.encoded() {
            try? OutputFile.write([UInt8](bytes), to: indexPath)
        }
        guard let since else { return sessions }
        return sessions.filter { PracticeHistory.isPlayed($0.report, since: since, utcOffset: utcOffset) }
    }

    /// The latest session, as `PracticeHistory` orders them (by time, ties in
    /// file order), read whole.
    static func latest(_ sessions: [Session]) throws(CommandLineError) -> PracticeReport? {
        guard let last = PracticeHistory.order(sessions.map(\.report)).last else { return nil }
        return try ReportFiles.load(sessions[last].path)
    }
}
