import Foundation
import Glibc
import Testing
import TactusCore
import TactusTestSupport

/// `tactus calibrate` and `tactus run` as built, against a real JACK dummy
/// server: the stored calibration, the report that states it, and the live
/// view in a pseudo-terminal.
@Suite(.serialized)
struct TactusCommandJackTests {
    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The click comes back through a delay line of 600 frames, which JACK
    /// does not report: half of it is the way out, stored for the device
    /// named; all of it is stored for the port it came back on, where a
    /// microphone hears the click late and its strokes come back late.
    @Test func calibrateLoopsTheClickBackAndStoresTheResult() async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let line = try JackDelayLine(server: server.name, delay: 600)
            defer { line.client.close() }
            let result = try await TactusChild(
                ["calibrate", "--server", server.name, "--connect-click", "delay:in", "--loopback", "delay:out",
                 "--taps", "6", "--bpm", "240", "--device", "test kit"],
                environment: environment).result(within: .frames(12 * 48_000, of: server))
            #expect(result.stderr == "")
            #expect(result.exitCode == 0)
            let store = folder.appendingPathComponent("config/tactus/calibration.json").path
            #expect(result.stdout.contains("round trip 600 frames (12.500 ms), jitter 0.00 frames, 6 of 6 clicks came back\n"))
            #expect(result.stdout.contains("JACK reports 0 frames of it (0 out, 0 in); 600 frames it does not report, half of them on the way out\n"))
            #expect(result.stdout.hasSuffix(
                "saved +6.250 ms for 'test kit' in \(store); tactus run uses it when 'test kit' plays into tactus:input (--no-calibration to leave it out)\n"
                    + "saved +12.500 ms for 'delay:out' in \(store); tactus run uses it when 'delay:out' plays into tactus:audio-in "
                    + "(the whole round trip JACK does not report: the click's way out and the stroke's way back in)\n"))
            let saved = try CalibrationStore.decode(Data(contentsOf: URL(fileURLWithPath: store)), file: store)
            #expect(saved["test kit"]?.method == .loopback)
            #expect(saved["test kit"]?.latencyMs == 6.25)
            #expect(saved["delay:out"]?.method == .loopback)
            #expect(saved["delay:out"]?.latencyMs == 12.5)
            #expect(saved.devices.count == 2)

            // A session scoring what plays into tactus:audio-in from that
            // port takes the port's calibration.
            let report = folder.appendingPathComponent("session.json").path
            let run = try await TactusChild(
                ["run", "--server", server.name, "--bpm", "240", "--bars", "1", "--no-ui", "--report", report,
                 "--connect-audio", "delay:out"],
                environment: environment).result(within: .frames(11 * 48_000, of: server))
            #expect(run.exitCode == 0)
            #expect(run.stdout.hasPrefix("latency compensation 12.500 ms: JACK 0 frames out + 0 in, +12.500 ms from the loopback calibration of 'delay:out'"))
        }
    }

    @Test func runAddsTheStoredCalibrationAndSaysSo() async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("config/tactus/calibration.json")
            try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("""
                {"schema": "tactus.calibration/1", "devices": {"default": {"latencyMs": 2.5, "method": "tap",
                 "measuredAt": "2025-03-01T10:00:00Z", "spreadMs": 0.4}}}
                """.utf8).write(to: store)
            let report = folder.appendingPathComponent("session.json").path
            let arguments = ["run", "--server", server.name, "--bpm", "240", "--bars", "2", "--no-ui", "--report", report, "--latency-ms", "1"]

            let twoBars = TestWait.frames(12 * 48_000, of: server)
            let result = try await TactusChild(arguments + ["--random-mute", "50:7"], environment: environment).result(within: twoBars)
            #expect(result.exitCode == 0)
            #expect(result.stdout.hasPrefix(
                "latency compensation 3.500 ms: JACK 0 frames out + 0 in, +2.500 ms from the tap calibration of 'default' (2025-03-01T10:00:00Z), +1.000 ms given\n"))
            let settings = try #require(try Self.json(report)["settings"] as? [String: Any])
            let latency = try #require(settings["latencyCompensation"] as? [String: Any])
            #expect(latency["userOffsetMs"] as? Double == 3.5)
            #expect(latency["totalMs"] as? Double == 3.5)
            let calibration = try #require(latency["calibration"] as? [String: Any])
            #expect(calibration["device"] as? String == "default")
            #expect(calibration["method"] as? String == "tap")
            #expect(calibration["latencyMs"] as? Double == 2.5)
            #expect(calibration["measuredAt"] as? String == "2025-03-01T10:00:00Z")
            // The muted beats logged are the schedule's, every one of them.
            let events = try #require(try Self.json(report)["events"] as? [[String: Any]])
            let muted = events.filter { $0["kind"] as? String == "muted-beat" }.compactMap { $0["detail"] as? String }
            let schedule = GapSchedule.randomBeats(percent: 50, seed: 7)
            let expected = (1...2).flatMap { bar in schedule.mutedBeats(bar: bar, beatsPerBar: 4).map { "bar \(bar) beat \($0)" } }
            #expect(muted == expected)
            #expect(events.contains { $0["detail"] as? String == "random mute: 50% of beats from bar 1, seed 7" })

            let without = try await TactusChild(arguments + ["--no-calibration"], environment: environment).result(within: twoBars)
            #expect(without.exitCode == 0)
            #expect(without.stdout.hasPrefix("latency compensation 1.000 ms: JACK 0 frames out + 0 in, no calibration (--no-calibration), +1.000 ms given\n"))
            let plain = try #require(try Self.json(report)["settings"] as? [String: Any])
            #expect((plain["latencyCompensation"] as? [String: Any])?["userOffsetMs"] as? Double == 1)
            #expect((plain["latencyCompensation"] as? [String: Any])?["calibration"] == nil)

            try Data("{\"devices\": 3}".utf8).write(to: store)
            let broken = try await TactusChild(arguments, environment: environment).result(within: twoBars)
            #expect(broken.exitCode == 4)
            #expect(broken.stderr == "tactus run: \(store.path): devices: expected an object {…}, found a number (--no-calibration to play without it)\n")
        }
    }

    /// Without the right to lock memory beyond a 64 KiB limit (root without
    /// CAP_IPC_LOCK), `mlockall` is refused: tactus run says so in one line
    /// and plays the session. (As root with the capability, as every other
    /// test runs it, it says nothing.)
    @Test(.enabled(if: getuid() == 0, "needs root to drop CAP_IPC_LOCK"))
    func runSaysWhenItsMemoryCannotBeLocked() async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let report = folder.appendingPathComponent("r.json").path
            let run = try TactusChild(
                ["run", "--server", server.name, "--bpm", "240", "--bars", "1", "--no-ui", "--no-calibration", "--report", report],
                environment: environment,
                wrapper: ["/usr/bin/prlimit", "--memlock=65536:65536", "/usr/bin/setpriv", "--inh-caps=-ipc_lock", "--bounding-set=-ipc_lock"])
            let result = try await run.result(within: .frames(11 * 48_000, of: server))
            #expect(result.exitCode == 0)
            #expect(result.stderr == "tactus run: warning: memory not locked (mlockall: Cannot allocate memory); the realtime thread "
                + "may wait for pages the system swapped out: raise the locked-memory limit (ulimit -l; the audio group's limits on most distributions)\n")
            #expect(try PracticeReport.read(report).bars.map(\.bar) == [1])
        }
    }

    @Test func theLiveViewShowsFeedbackTimerAndCountersAndQuitRestoresTheTerminal() async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let pedal = try JackMIDISender(server: server.name, name: "footswitch")
            let terminal = try PseudoTerminal(columns: 160, rows: 30)
            let before = terminal.attributes
            #expect(before.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
            let report = folder.appendingPathComponent("live.json").path
            var childEnvironment = environment
            childEnvironment["TERM"] = "xterm-256color"
            childEnvironment["NO_COLOR"] = "1"
            let process = try ChildProcess(
                try TactusBinary.require().path,
                ["run", "--server", server.name, "--bpm", "120", "--practice-minutes", "1", "--report", report,
                 "--pedal-map", TactusBinary.repository.appendingPathComponent("Configs/pedals/two-switch-cc.json").path,
                 "--connect-pedal", "footswitch:midi_out"],
                environment: childEnvironment, stdin: .terminal(terminal), stdout: .terminal(terminal), stderr: .terminal(terminal))

            // The view is up: the state, the timer, the counters and the keys.
            // The timer has counted down from 1:00 (a view held up in the
            // kernel may show 0:48 next, and bar 7).
            try await terminal.read("the live view in bar 1, its timer running", from: process, within: .frames(10 * 48_000, of: server)) {
                $0.contains("bar 1") && $0.contains("play 0:")
            }
            #expect(terminal.text.contains("\u{1B}[?1049h"))
            #expect(terminal.text.contains("xruns "))
            #expect(terminal.text.contains("dropped "))
            #expect(terminal.text.contains("q quit"))
            #expect(terminal.text.contains("latency compensation 0.000 ms: JACK 0 frames out + 0 in, no calibration for 'default' (tactus calibrate)"))
            // While raw, the terminal neither echoes nor waits for lines.
            #expect(terminal.attributes.c_lflag & tcflag_t(ICANON | ECHO) == 0)
            // A pedal press shows its feedback; a key changes the tempo.
            let press = try await pedal.frame(after: 2_400)
            try pedal.schedule([JackRecordedEvent(frame: press, bytes: [0xB0, 80, 127]), JackRecordedEvent(frame: press + 2_400, bytes: [0xB0, 80, 0])])
            try await terminal.read("the tap's feedback", from: process, within: .frames(2 * 48_000, of: server)) { $0.contains("tap 1/4") }
            terminal.type("+")
            try await terminal.read("the tempo key's feedback", from: process, within: .frames(2 * 48_000, of: server)) { $0.contains("tempo 120 → 121") }
            try await terminal.read("the new tempo", from: process, within: .frames(2 * 48_000, of: server)) { $0.contains("121 BPM") }
            terminal.type("q")
            try await TestWait.time(.seconds(20)).until("tactus's exit after q", waitingInKernel: { KernelWait.holds(process.pid) }) {
                process.hasExited
            }
            terminal.read(forMilliseconds: 200)

            #expect(process.terminationSignal == nil)
            #expect(process.exitStatus == 0)
            let text = terminal.text
            let left = try #require(text.range(of: "\u{1B}[?1049l", options: .backwards))
            #expect(text[left.upperBound...].contains("report: \(report)"))
            #expect(text[left.upperBound...].contains("\u{1B}[?25h") || text[..<left.lowerBound].hasSuffix("\u{1B}[?25h"))
            let after = terminal.attributes
            #expect(after.c_lflag == before.c_lflag)
            #expect(after.c_iflag == before.c_iflag)
            let written = try Self.json(report)
            let changes = try #require(written["tempoChanges"] as? [[String: Any]])
            #expect(changes.first?["cause"] as? String == "key +")
            #expect(changes.first?["bpm"] as? Double == 121)
            let events = try #require(written["events"] as? [[String: Any]])
            #expect(events.contains { $0["detail"] as? String == "practice timer: 1:00 playing" })
            #expect(events.contains { $0["kind"] as? String == "pedal" && $0["detail"] as? String == "pedal tap" })
            #expect(events.contains { $0["kind"] as? String == "pedal" && $0["detail"] as? String == "key +" })
        }
    }
}
