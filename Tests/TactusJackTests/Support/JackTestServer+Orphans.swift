import Foundation
import Glibc

/// Recovery of what crashed test processes left behind: their names are
/// `tactus-test-<pid>-<random>`, so a server whose `<pid>` is gone is an orphan.
extension JackTestServer {
    /// Stops orphaned test servers, then reclaims the registry slots of
    /// orphans that died uncleanly.
    static func recoverOrphans() {
        var running: Set<String> = []
        for (pid, name) in runningTestServers() {
            if isOrphan(name) {
                stopProcess(pid)
            } else {
                running.insert(name)
            }
        }
        for name in registeredTestServers() where isOrphan(name) && !running.contains(name) {
            reclaim(name: name)
        }
    }

    /// Removes the semaphores and sockets a killed jackd leaves in /dev/shm;
    /// their names carry the server's name.
    static func removeLeftovers(name: String) {
        let directory = "/dev/shm"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix("jack_") && entry.contains("_\(name)_") {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(entry)")
        }
    }

    /// Whether the test process named in `name` no longer exists.
    private static func isOrphan(_ name: String) -> Bool {
        let parts = name.split(separator: "-")
        guard parts.count == 4, parts[0] == "tactus", parts[1] == "test", let owner = Int32(parts[2]) else {
            return false
        }
        return owner != getpid() && kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Running `jackd -n tactus-test-…` processes, from /proc.
    private static func runningTestServers() -> [(pid: Int32, name: String)] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let executable = arguments.first, executable.hasSuffix("jackd"),
                  let flag = arguments.firstIndex(of: "-n"), flag + 1 < arguments.count,
                  arguments[flag + 1].hasPrefix("tactus-test-")
            else { return nil }
            return (pid, arguments[flag + 1])
        }
    }

    /// Test server names in JACK's shared registry (`/dev/shm/jack-shm-registry`,
    /// entries `jack-<uid>:<name>:`), running or not.
    private static func registeredTestServers() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: "/dev/shm/jack-shm-registry") else { return [] }
        let marker = Array(":tactus-test-".utf8)
        let bytes = Array(data.prefix(16_384))
        var names: Set<String> = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ":"), bytes[end] != 0 {
                end += 1
            }
            names.insert(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            index = end
        }
        return names
    }

    /// SIGTERM, then SIGKILL after 10 s.
    private static func stopProcess(_ pid: Int32) {
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while kill(pid, 0) == 0, ContinuousClock.now < deadline {
            usleep(10_000)
        }
        if kill(pid, 0) == 0 {
            kill(pid, SIGKILL)
        }
    }
}
