import Foundation
import Glibc
import TactusTestSupport

/// A 64 KiB tmpfs mounted for one test, to fill the disk under a running
/// session. Mounting needs root (or CAP_SYS_ADMIN); ``canMount`` says
/// whether this machine allows it.
struct SmallDisk {
    let path: String

    /// Whether a tmpfs can be mounted here (tried once, on a scratch folder).
    static let canMount: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-disk-probe-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard let disk = try? SmallDisk(at: probe) else { return false }
        disk.unmount()
        return true
    }()

    /// Creates `path` and mounts the tmpfs there.
    init(at path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let status = Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", path])
        guard status == 0 else { throw JackTestServerError("mount -t tmpfs on \(path) failed with status \(status)") }
    }

    /// Writes a filler file until the disk is full.
    func fill() throws {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw JackTestServerError("cannot create \(path)/filler") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x2E, count: 512)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                guard errno == ENOSPC else { throw JackTestServerError("filling \(path): \(String(cString: strerror(errno)))") }
                return
            }
        }
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        (try? ChildProcess(executable, arguments).wait(for: "the end of \(executable) \(arguments.joined(separator: " "))")) ?? -1
    }
}
