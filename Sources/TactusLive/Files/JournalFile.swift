import Foundation
import Synchronization
import TactusCore

/// The session journal: JSON lines appended as the session goes and flushed
/// to disk at least every bar, so a crash or power loss costs at most a bar.
///
/// If its file or folder is removed, or a write fails (disk full), the
/// journal moves whole to the temporary folder (`$TMPDIR`, else `/tmp`) —
/// what was written so far is read back from the open file, which outlives
/// its name — and says so on stderr at once. If no place takes it, it is kept
/// in memory and moving is tried again at every flush.
///
/// The disk work (writes, fsync, moves) runs on a queue of its own, in
/// order, so the session's control loop never waits for the disk: with both
/// cores busy the kernel's writeback can take seconds to finish an fsync,
/// and a loop held that long let audio input overflow its ring and scored
/// and answered late. `append` and `flush` belong to the caller's thread;
/// everything else below is the queue's (`whereKept` waits for it).
///
/// The session's end waits for no fsync of the journal: its last lines are
/// written but not forced (`settle`), the report is written and forced to
/// disk, and the journal is removed at once (`remove`), even while a flush
/// of the queue is still waiting for the disk. On a busy machine that wait
/// can last many seconds, and the report it would protect is on disk.
final class JournalFile: @unchecked Sendable {
    private let disk = DispatchQueue(label: "tactus.journal.disk")
    /// Set once the report is written: the queue then leaves the journal
    /// alone. Held while the queue decides where the journal is (and moves
    /// it), so a removal never races a move.
    private let removal = Mutex<Bool>(false)
    /// Lines appended since the last flush (the caller's).
    private var appended = ""
    private(set) var path: String
    /// The open file, or -1 while the journal is kept in memory.
    private var descriptor: Int32
    /// Bytes flushed to the file; a failed write may leave a partial line after them.
    private var written = 0
    /// What could not be written anywhere yet, before `pending`.
    private var stranded: [UInt8] = []
    private var isStranded = false
    private var pending = ""
    private(set) var warnings: [String] = []
    private let warn: (String) -> Void

    /// Creates (or empties) the journal at `path`; `warn` hears of every move
    /// as it happens (by default a `tactus run: warning:` line on stderr).
    init(path: String, warn: @escaping (String) -> Void = { StandardStreams.warn("tactus run", $0) }) throws(CommandLineError) {
        self.path = path
        self.warn = warn
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .failure("\(path): cannot create the session journal (\(String(cString: strerror(errno))))")
        }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    func append(_ lines: String) {
        appended += lines
    }

    /// Hands what was appended to the disk queue, which writes it and forces
    /// it to disk, moving the journal if its file is gone or the write fails;
    /// returns at once.
    func flush() {
        let lines = appended
        appended = ""
        disk.async { self.write(lines, forced: true) }
    }

    /// Hands the last lines to the disk queue to be written but not forced
    /// to disk, and returns at once: the report written next holds them and
    /// is forced to disk itself.
    func settle() {
        let lines = appended
        appended = ""
        disk.async { self.write(lines, forced: false) }
    }

    /// On the disk queue: `lines` after what is pending, written (and
    /// forced to disk when `forced`); nothing once the journal is removed.
    private func write(_ lines: String, forced: Bool) {
        let placed = removal.withLock { removed -> Bool in
            guard !removed else { return false }
            pending += lines
            if descriptor >= 0, let reason = displacement() {
                move(because: reason)
            }
            guard !pending.isEmpty else { return false }
            guard descriptor >= 0 else {
                move(because: "it could not be written")
                return false
            }
            return true
        }
        guard placed else { return }
        let bytes = Array(pending.utf8)
        do throws(FileSystem.Failure) {
            try FileSystem.write(bytes, to: descriptor)
            if forced, fsync(descriptor) != 0 { throw FileSystem.Failure(errno: errno) }
        } catch {
            removal.withLock { removed in
                if !removed { move(because: error.reason) }
            }
            return
        }
        written += bytes.count
        pending = ""
    }

    /// Where the journal is, for messages that must say so (once what was
    /// handed to the queue is written and forced to disk).
    var whereKept: String {
        disk.sync {
            if descriptor >= 0 { _ = fsync(descriptor) }
            return isStranded
                ? "the journal could not be kept on disk either"
                : "the journal is kept at \(path) (tactus report recover \(path))"
        }
    }

    /// Deletes the journal (its report has been written) without waiting
    /// for the queue: a flush still waiting for the disk finishes on a file
    /// that is gone, and nothing is written after it.
    func remove() {
        appended = ""
        removal.withLock { removed in
            removed = true
            if !isStranded { unlink(path) }
        }
    }

    /// Why the open file is no longer the one at `path`, if it is not.
    private func displacement() -> String? {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0 else { return String(cString: strerror(errno)) }
        if stat(path, &named) == 0, named.st_ino == open.st_ino, named.st_dev == open.st_dev { return nil }
        let folder = FileSystem.directory(of: path) ?? "."
        if !FileSystem.isDirectory(folder) {
            return "its folder \(folder) was removed"
        }
        return "the file was removed or replaced"
    }

    /// Moves everything — flushed, stranded and pending — to a new file in
    /// the temporary folder, or keeps it in memory if none can be made.
    private func move(because reason: String) {
        let old = path
        var content = stranded
        if descriptor >= 0 { content += readBack() }
        content += Array(pending.utf8)
        let name = FileSystem.fileName(of: old)
        let folder = FileSystem.directory(of: old) ?? "."
        var places = [SessionFiles.temporaryDirectory()]
        if places[0] != "/tmp" { places.append("/tmp") }
        for directory in places where directory != folder {
            for candidate in [name, "\(getpid())-\(name)"] {
                let fallback = directory + "/" + candidate
                let moved = open(fallback, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if moved < 0 {
                    if errno == EEXIST { continue }
                    break
                }
                if (try? FileSystem.write(content, to: moved)) != nil, fsync(moved) == 0 {
                    if descriptor >= 0 {
                        // What stayed behind (after a failed write) is a part of what moved.
                        if displacement() == nil { unlink(old) }
                        Glibc.close(descriptor)
                    }
                    descriptor = moved
                    path = fallback
                    written = content.count
                    stranded = []
                    pending = ""
                    let wasStranded = isStranded
                    isStranded = false
                    tell(wasStranded
                        ? "the journal kept in memory is now in \(fallback)"
                        : "\(old): \(reason); the journal continues in \(fallback)")
                    return
                }
                Glibc.close(moved)
                unlink(fallback)
                break
            }
        }
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
        stranded = content
        written = 0
        pending = ""
        if !isStranded {
            isStranded = true
            tell("\(old): \(reason), and no other folder takes the journal; it is kept in memory until the report is written")
        }
    }

    /// The first `written` bytes of the open file.
    private func readBack() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: written)
        var offset = 0
        while offset < written {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + offset, written - offset, off_t(offset))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        return Array(bytes[0..<offset])
    }

    private func tell(_ message: String) {
        warnings.append(message)
        warn(message)
    }
}
