import Foundation
import TactusCore

extension OutputFile {
    /// Whether `path` can be written as `OutputFile` writes it, without
    /// touching what is there: the path resolves to something writable, and
    /// a file's folder takes the temporary file (one is made and removed).
    public static func check(_ path: String) throws(FileSystem.Failure) {
        switch try target(of: path) {
        case .replace(let target, let mode):
            let temporary = temporaryPath(for: target)
            TemporaryFiles.register(temporary)
            defer { TemporaryFiles.unregister(temporary) }
            let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw cannotCreate(beside: target, replacing: mode != nil, errno: errno) }
            close(descriptor)
            unlink(temporary)
        case .direct(let target):
            var status = stat()
            // A FIFO is not opened here: that would wait for its reader.
            if stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFIFO, status.st_mode & S_IFMT != S_IFSOCK,
               access(target, W_OK) != 0 {
                throw FileSystem.Failure(errno: errno)
            }
        case .descriptor:
            break
        }
    }

    /// Whether `path` writes to standard output (`-`, `/dev/stdout`, `/dev/fd/1`…).
    public static func isStandardOutput(_ path: String?) -> Bool {
        guard let path else { return false }
        return descriptor(namedBy: path) == 1
    }

    /// Checks every output a command was given before any is written, so
    /// one that cannot be written leaves the others as they were: exit 1
    /// naming the path and its option, or exit 2 when two options name the
    /// same file.
    public static func check(_ outputs: [(option: String, path: String?)]) throws(CommandLineError) {
        var seen: [(option: String, target: String)] = []
        for case let (option, path?) in outputs where !path.isEmpty {
            do {
                try check(path)
            } catch {
                throw .failure("\(path): cannot write: \(error.reason) (\(option))")
            }
            let target = identity(of: path)
            if let earlier = seen.first(where: { $0.target == target }) {
                throw .usage("\(earlier.option) and \(option) both write \(path); give each its own file")
            }
            seen.append((option, target))
        }
    }

    /// What `path` writes to, as a comparable name: the descriptor, or the
    /// file's absolute path.
    private static func identity(of path: String) -> String {
        switch try? target(of: path) {
        case .descriptor(let descriptor)?: return "descriptor \(descriptor)"
        case .replace(let target, _)?, .direct(let target)?:
            return URL(fileURLWithPath: target).standardizedFileURL.path
        case nil: return path
        }
    }
}
