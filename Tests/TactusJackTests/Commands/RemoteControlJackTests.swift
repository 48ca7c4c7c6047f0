import Foundation
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// `tactus run --osc-port`, as built, against a real dummy server and real
/// OSC peers: liblo's `oscsend` sends the commands, `oscdump` hears the
/// replies and change notices, all on 127.0.0.1.
@Suite(.serialized)
struct RemoteControlJackTests {
    /// Sends one message with oscsend as a person would from a shell.
    static func oscsend(_ port: Int, _ arguments: [String]) throws {
        let output = try JackTool.run("oscsend", ["127.0.0.1", "\(port)"] + arguments)
        #expect(output.status == 0, "oscsend \(arguments): \(output.text)")
    }

    /// oscdump on a free port, its output in `folder`, started and heard
    /// (a `/tactus/ping` sent until it prints it) before tactus starts: on a
    /// loaded machine it can take longer to listen than a short session lasts.
    static func listeningOscdump(in folder: URL) async throws -> (process: ChildProcess, port: Int, dumped: @Sendable () -> String) {
        let port = try UDPPeer.freePort()
        let log = folder.appendingPathComponent("oscdump.txt").path
        let process = try JackTool.start("oscdump", ["-L", "\(port)"], logPath: log)
        let dumped: @Sendable () -> String = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let deadline = ContinuousClock.now + .seconds(20)
        while !dumped().contains("/tactus/ping") {
            guard !process.hasExited, ContinuousClock.now < deadline else {
                JackTool.terminate(process)
                throw TactusBinaryError("oscdump on UDP port \(port) heard nothing within 20 s: \(dumped())")
            }
            try oscsend(port, ["/tactus/ping"])
            try await Task.sleep(for: .milliseconds(50))
        }
        return (process, port, dumped)
    }

    @Test func aTempoFromOscsendTakesOverOnTheNextBeatAsAPedalsDoes() async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.json").path
        let port = try UDPPeer.freePort()
        try await JackTestServer.with { server in
            let recorder = try JackRecorder(server: server.name)
            let run = try TactusChild(
                ["run", "--server", server.name, "--bpm", "120", "--bars", "6", "--osc-port", "\(port)", "--no-ui",
                 "--connect-click", "recorder:audio_in", "--report", report],
                environment: environment)
            let first = try await recorder.waitForOnsets(2)
            try Self.oscsend(port, ["/tactus/tempo", "f", "100"])
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            // The 24 beats of bars 1-6 (the downbeat of bar 7 may sound before the stop).
            let onsets = Array(recorder.onsets.filter { $0 >= first[0] }.prefix(24))
            let gaps = zip(onsets.dropFirst(), onsets).map { $0 - $1 }
            // Beats 24000 frames apart (120 BPM) up to the beat after the
            // command, 28800 (100 BPM) from there to the end of bar 6.
            let changed = try #require(gaps.firstIndex(of: 28_800))
            #expect(changed >= 1)
            #expect(gaps == Array(repeating: 24_000, count: changed) + Array(repeating: 28_800, count: 23 - changed))
            #expect(recorder.gaps == 0)
            let written = try PracticeReport.read(report)
            #expect(written.tempoChanges.map(\.frame) == [onsets[changed]])
            #expect(written.tempoChanges.map(\.tempo) == [Tempo(bpm: 100)])
            #expect(written.tempoChanges.map(\.cause) == ["osc /tactus/tempo f 100.0"])
            let pedal = written.events.filter { $0.kind == .pedal }
            #expect(pedal.map(\.detail) == ["osc /tactus/tempo f 100.0"])
        }
    }

    @Test func queriesAnswerAndRegisteredClientsHearEveryChange() async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.json").path
        let port = try UDPPeer.freePort()
        let (dump, listen, dumped) = try await Self.listeningOscdump(in: folder)
        defer { JackTool.terminate(dump) }
        try await JackTestServer.with { server in
            let run = try TactusChild(
                ["run", "--server", server.name, "--bpm", "120", "--meter", "7/8", "--osc-port", "\(port)", "--no-ui", "--report", report],
                environment: environment)
            try await run.poll("the latency line") { run.stdout.contains("latency compensation") }
            // A datagram can be lost: ask until oscdump has heard an answer.
            try await run.poll("/tactus/state in oscdump's output") {
                try? Self.oscsend(port, ["/tactus/query", "i", "\(listen)"])
                return dumped().contains("/tactus/state ")
            }
            let state = try #require(dumped().split(separator: "\n").first { $0.contains("/tactus/state ") })
            // oscdump: time tag, address, type tags, then the values (bar and beat vary).
            let words = state.split(separator: " ").dropFirst().map(String.init)
            #expect(Array(words.prefix(4)) == ["/tactus/state", "TfiisisFs", "#T", "120.000000"])
            #expect(Array(words.suffix(5)) == ["\"7/8\"", "1", "\"\"", "#F", "\"\""])
            #expect(words.count == 11)
            try Self.oscsend(port, ["/tactus/register", "s", "osc.udp://127.0.0.1:\(listen)/"])
            try Self.oscsend(port, ["/tactus/tempo", "f", "90"])
            try await run.poll("the tempo notice", within: .frames(4 * 48_000, of: server)) { dumped().contains("/tactus/state/tempo f 90.000000") }
            try await run.poll("a bar notice", within: .frames(6 * 48_000, of: server)) { dumped().contains("/tactus/state/bar i ") }
            try Self.oscsend(port, ["/tactus/mute", "T"])
            try await run.poll("the mute notice") { dumped().contains("/tactus/state/muted T") }
            try Self.oscsend(port, ["/tactus/stop"])
            try await run.poll("the stop notice") { dumped().contains("/tactus/state/playing F") }
            try Self.oscsend(port, ["/tactus/unregister", "i", "\(listen)"])

            // Malformed and unknown messages: dropped, or an error to the sender; tactus plays on.
            let peer = try UDPPeer()
            peer.send([0x2F, 0x74, 0x00], to: port)
            peer.send(Array("#bundle".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 1, 0x7F, 0xFF, 0xFF, 0xFF], to: port)
            peer.send(OSCMessage("/tactus/bogus", [.int(1)]), to: port)
            let error = try #require(peer.receive("/tactus/error", from: run))
            #expect(error.message.arguments == [.string("/tactus/bogus"), .string("unknown address")])
            #expect(error.from == port)
            peer.send(OSCMessage("/tactus/tempo", [.string("fast")]), to: port)
            let wrong = try #require(peer.receive("/tactus/error", from: run))
            #expect(wrong.message.arguments == [.string("/tactus/tempo"), .string("takes one number (BPM)")])
            peer.send(OSCPacket.bundle(OSCBundle([.message(OSCMessage("/tactus/query"))])).bytes, to: port)
            let answer = try #require(peer.receive("/tactus/state", from: run))
            #expect(answer.message.arguments[0] == .bool(false))
            #expect(answer.message.arguments[1] == .float(90))
            #expect(answer.message.arguments[4] == .string("7/8"))
            #expect(answer.message.arguments[7] == .bool(true))
            // Registering again (a client whose first answer was lost) is
            // answered again.
            peer.send(OSCMessage("/tactus/register"), to: port)
            #expect(peer.receive("/tactus/state", from: run) != nil)
            peer.send(OSCMessage("/tactus/register"), to: port)
            #expect(peer.receive("/tactus/state", from: run) != nil)
            peer.send(OSCMessage("/tactus/unregister"), to: port)

            run.signal(SIGTERM)
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
        }
        // Nothing more after unregistering.
        let notices = dumped().split(separator: "\n").filter { $0.contains("/tactus/state/") }
        #expect(notices.filter { $0.contains("/tactus/state/playing") }.count == 1)
        let written = try PracticeReport.read(report)
        #expect(written.events.filter { $0.kind == .pedal }.map(\.detail) == [
            "osc /tactus/tempo f 90.0", "osc /tactus/mute T", "osc /tactus/stop",
        ])
        // The two packets that were not OSC, counted.
        #expect(written.events.last { $0.kind == .dropped }?.detail == "OSC packets dropped (not OSC, or 256 waiting): 2 in all")
    }

    @Test func registeredClientsAreToldPlayingFalseWhenTheBarsArePlayed() async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.json").path
        let port = try UDPPeer.freePort()
        let (dump, listen, dumped) = try await Self.listeningOscdump(in: folder)
        defer { JackTool.terminate(dump) }
        try await JackTestServer.with { server in
            let run = try TactusChild(
                ["run", "--server", server.name, "--bpm", "240", "--bars", "8", "--osc-port", "\(port)", "--no-ui", "--report", report],
                environment: environment)
            try await run.poll("the latency line") { run.stdout.contains("latency compensation") }
            // A datagram can be lost: register until oscdump has heard the state.
            try await run.poll("/tactus/state in oscdump's output") {
                try? Self.oscsend(port, ["/tactus/register", "i", "\(listen)"])
                return dumped().contains("/tactus/state ")
            }
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
        }
        // Sent before tactus exited; oscdump writes it out a moment later.
        let stopped = "/tactus/state/playing F"
        let deadline = Date().addingTimeInterval(5)
        while !dumped().contains(stopped) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let notices = dumped().split(separator: "\n").filter { $0.contains("/tactus/state/") }
        #expect(notices.last?.contains(stopped) == true)
        #expect(notices.filter { $0.contains(stopped) }.count == 1)
    }

    /// The OSC remote's wake-up holds the session's JACK host; tactus still
    /// closes its client before it exits. jackd's own log (`-v`) tells a
    /// client closed (`ClientExternalClose`, before tactus's exit returns)
    /// from one its process's exit dropped (`ClientKill`, after): a client
    /// dropped mid-cycle holds a synchronous server for its timeout, a skipped
    /// cycle for every other client on it.
    @Test func theSessionClosesItsJACKClientBeforeItExits() async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try UDPPeer.freePort()
        try await JackTestServer.with(verbose: true) { server in
            func lines(_ text: String) -> Int { server.log.split(separator: "\n").filter { $0.contains(text) }.count }
            // The server's readiness check closed a client of its own.
            let before = lines("JackEngine::ClientExternalClose")
            let run = try TactusChild(
                ["run", "--server", server.name, "--bars", "1", "--osc-port", "\(port)", "--no-ui",
                 "--report", folder.appendingPathComponent("run.json").path],
                environment: environment)
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(lines("JackEngine::ClientExternalClose") == before + 1)
            #expect(lines("JackEngine::ClientKill") == 0)
        }
    }

    @Test func aPortInUseIsOneLineAndExit1BeforeJACKIsAsked() async throws {
        let taken = try UDPPeer()
        let result = try await TactusChild.run(["run", "--server", "no-such-server", "--osc-port", "\(taken.port)"])
        #expect(result == TactusChild.Result(
            exitCode: 1, stdout: "",
            stderr: "tactus run: --osc-port: cannot listen on UDP 127.0.0.1:\(taken.port): Address already in use\n"))
    }
}
