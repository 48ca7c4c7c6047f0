import Foundation
import TactusCore

/// The few file operations the commands need, with errors as one-line
/// reasons (`No such file or directory`).
public enum FileSystem {
    public struct Failure: Error {
        public var reason: String
        /// The system's error number, when the failure has one.
        var code: Int32?
    }

    /// The whole file, refused — before reading it when its size is known —
    /// when it holds more than `limit` bytes, so an endless input
    /// (`/dev/zero`) or a huge one cannot exhaust memory.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
            throw Failure(tooLarge: limit)
        }
        let bytes = try read(descriptor, upTo: limit + 1)
        guard bytes.count <= limit else { throw Failure(tooLarge: limit) }
        return bytes
    }

    /// `read(_:limit:)`, failing with exit 4 naming the file and `what` it
    /// holds (`cannot read the config: …`).
    public static func read(_ path: String, limit: Int, what: String) throws(CommandLineError) -> [UInt8] {
        do {
            return try read(path, limit: limit)
        } catch {
            throw .badInput(path, "cannot read the \(what): \(error.reason)")
        }
    }

    /// The first `count` bytes of the file (all of it when shorter), and
    /// whether that is the whole file.
    public static func prefix(_ path: String, count: Int) throws(Failure) -> (bytes: [UInt8], isWhole: Bool) {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        var bytes = try read(descriptor, upTo: count + 1)
        let isWhole = bytes.count <= count
        if !isWhole { bytes.removeLast(bytes.count - count) }
        return (bytes, isWhole)
    }

    /// The size and modification time (nanoseconds since 1970) of the
    /// regular file at `path`; nil for anything else.
    public static func status(of path: String) -> (size: Int64, modifiedNs: Int64)? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return (Int64(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    /// Whether `path` names a directory (false when it names nothing).
    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    private static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        return descriptor
    }

    /// Reads until the end or `count` bytes.
    private static func read(_ descriptor: Int32, upTo count: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno)
            }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        return bytes
    }

    /// Writes all of `bytes` to `descriptor` (again after a signal
    /// interrupts), or throws why not (`No space left on device`).
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw written < 0 ? Failure(errno: errno) : Failure(reason: "the write made no progress")
            }
            offset += written
        }
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        try bytes.withUnsafeBytes { raw in Result { () throws(Failure) in try write(raw, to: descriptor) } }.get()
    }

    /// `path` resolved against `directory` when it is relative.
    public static func path(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/"), !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// The directory part of `path` (nil for a bare file name).
    public static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

extension FileSystem.Failure {
    init(errno code: Int32) {
        self.init(reason: String(cString: strerror(code)), code: code)
    }

    init(tooLarge limit: Int) {
        self.init(reason: "larger than \(limit >> 20) MiB; tactus reads no input this large (is it the right file?)")
    }
}
