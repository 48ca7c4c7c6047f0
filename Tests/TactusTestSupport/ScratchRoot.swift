import Foundation
import Glibc

/// The one folder that holds every scratch folder of this test process,
/// `$TMPDIR/tactus-test-PID`, removed when the process exits. A process
/// killed before it could remove its own (a timeout, a crash) leaves it
/// behind; the next test process removes the roots of processes that are
/// gone. Without this, every run of the suite left a few hundred folders in
/// the temporary folder.
enum ScratchRoot {
    static let prefix = "tactus-test-"

    static let url: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeRootsOfEndedProcesses(in: temporary)
        let url = temporary.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchRoot.url) }
        return url
    }()

    private static func removeRootsOfEndedProcesses(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
