import Foundation

/// The few file operations the commands need, with errors as one-line
/// reasons (`No such file or directory`).
enum FileSystem {
    struct Failure: Error {
        var reason: String

        init(errno code: Int32) {
            reason = String(cString: strerror(code))
        }

        init(reason: String) {
            self.reason = reason
        }
    }

    /// The whole file.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// `path` resolved against `directory` when it is relative.
    static func path(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/"), !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// The directory part of `path` (nil for a bare file name).
    static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
