import Foundation
import Glibc
import Testing
import TactusTestSupport

/// A ``JackBeatFollower`` in a process of its own: libjack serves one JACK
/// server per process, so a test that has a player on each of two servers
/// runs one of them here. The process is this test bundle again, running
/// only ``JackBeatFollowerProcessEntry``, which follows the click on
/// `server` when `TACTUS_BEAT_FOLLOWER` names a folder: it connects the ear
/// to `earSource` (when given) and the hands to `handsDestination`, writes
/// `ready`, plays until `stop` appears, then writes the frames heard and
/// played to `follower.txt` and closes its clients.
final class JackBeatFollowerProcess {
    static let variable = "TACTUS_BEAT_FOLLOWER"

    let folder: URL
    /// The follower's port names on its server.
    let earInput = "ear:in"
    let handsOutput = "hands:out"
    private let process: ChildProcess

    init(server: String, beatFrames: Int64, earSource: String? = nil, handsDestination: String? = nil, timeout: Duration = .seconds(30)) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-follower-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = [server, "\(beatFrames)", earSource ?? "", handsDestination ?? ""].joined(separator: "\n")
        try settings.write(to: folder.appendingPathComponent("settings"), atomically: true, encoding: .utf8)
        process = try ChildProcess(
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            ["--testing-library", "swift-testing", "--filter", "JackBeatFollowerProcessEntry"],
            environment: ChildProcess.environment(adding: [Self.variable: folder.path, "JACK_NO_START_SERVER": "1"]))
        let deadline = ContinuousClock.now + timeout
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("ready").path) {
            guard !process.hasExited, ContinuousClock.now < deadline else {
                stop()
                throw JackTestServerError("the beat follower on \(server) did not start within \(timeout)")
            }
            usleep(20_000)
        }
    }

    deinit {
        stop()
    }

    /// Stops the follower (it closes its clients; killed if it has not
    /// exited within 30 s) and returns the frames it heard and played.
    @discardableResult
    func stop() -> (heard: [Int64], played: [Int64]) {
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("stop").path, contents: nil)
        process.stop(signal: nil, grace: .seconds(30))
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = (try? String(contentsOf: folder.appendingPathComponent("follower.txt"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ").compactMap { Int64($0) } }
        return (lines.first ?? [], lines.count > 1 ? lines[1] : [])
    }
}

/// The follower's side of ``JackBeatFollowerProcess``: nothing unless
/// `TACTUS_BEAT_FOLLOWER` is set.
@Suite struct JackBeatFollowerProcessEntry {
    @Test func followTheClick() throws {
        guard let path = ProcessInfo.processInfo.environment[JackBeatFollowerProcess.variable] else { return }
        let folder = URL(fileURLWithPath: path)
        let settings = try String(contentsOf: folder.appendingPathComponent("settings"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let follower = try JackBeatFollower(server: settings[0], beatFrames: try #require(Int64(settings[1])))
        if !settings[2].isEmpty { try follower.ear.connect(settings[2], follower.earInput.name) }
        if !settings[3].isEmpty { try follower.hands.connect(follower.handsOutput.name, settings[3]) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("ready").path, contents: nil)
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("stop").path) { usleep(20_000) }
        let text = [follower.heard, follower.played].map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n")
        follower.hands.close()
        follower.ear.close()
        try text.write(to: folder.appendingPathComponent("follower.txt"), atomically: true, encoding: .utf8)
    }
}
