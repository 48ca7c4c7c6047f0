import Foundation

/// The session journal: JSON lines appended as the session goes and flushed
/// to disk at least every bar, so a crash or power loss costs at most a bar.
/// If its folder disappears or the disk fills, it moves to `$TMPDIR` and says so.
final class JournalFile {
    private(set) var path: String
    private var handle: FileHandle?
    private var pending = ""
    private(set) var warnings: [String] = []

    init(path: String) throws(CommandLineError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw .failure("\(path): cannot create the session journal")
        }
        self.handle = handle
    }

    func append(_ lines: String) {
        pending += lines
    }

    /// Writes what is pending and forces it to disk.
    func flush() {
        guard !pending.isEmpty else { return }
        do {
            try handle?.write(contentsOf: Data(pending.utf8))
            try handle?.synchronize()
            pending = ""
        } catch {
            moveToTemporaryDirectory(reason: "\(error.localizedDescription)")
        }
    }

    private func moveToTemporaryDirectory(reason: String) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let fallback = directory + "/" + (path as NSString).lastPathComponent
        let old = path
        let earlier = (try? String(contentsOfFile: old, encoding: .utf8)) ?? ""
        guard FileManager.default.createFile(atPath: fallback, contents: Data((earlier + pending).utf8)),
              let moved = FileHandle(forWritingAtPath: fallback) else {
            warnings.append("\(old): cannot write the journal (\(reason)) and \(fallback) failed too; keeping it in memory")
            return
        }
        moved.seekToEndOfFile()
        try? handle?.close()
        handle = moved
        path = fallback
        pending = ""
        warnings.append("\(old): cannot write the journal (\(reason)); continuing in \(fallback)")
    }

    func remove() {
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(atPath: path)
    }

    func close() {
        flush()
        try? handle?.close()
        handle = nil
    }
}
