import Foundation

/// A file written in full or not at all: bytes go to a temporary file in the
/// same directory, which replaces `path` (by rename) only on `commit()`.
struct AtomicFile: ~Copyable {
    let path: String
    let temporaryPath: String
    private let descriptor: Int32
    private var committed = false

    init(path: String) throws(FileSystem.Failure) {
        self.path = path
        let directory = FileSystem.directory(of: path)
        temporaryPath = FileSystem.path(".\(FileSystem.fileName(of: path)).\(getpid()).tmp", relativeTo: directory)
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileSystem.Failure(errno: errno) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystem.Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystem.Failure(errno: errno)
            }
            offset += written
        }
    }

    func write(_ bytes: [UInt8]) throws(FileSystem.Failure) {
        var failure: FileSystem.Failure?
        bytes.withUnsafeBytes { raw in
            do throws(FileSystem.Failure) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Flushes the data to disk and puts the file in place.
    mutating func commit() throws(FileSystem.Failure) {
        guard fsync(descriptor) == 0 else { throw FileSystem.Failure(errno: errno) }
        guard rename(temporaryPath, path) == 0 else { throw FileSystem.Failure(errno: errno) }
        committed = true
    }

    deinit {
        close(descriptor)
        if !committed {
            unlink(temporaryPath)
        }
    }
}
