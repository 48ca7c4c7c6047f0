import Foundation
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// The bare `tactus` started with `NSM_URL`, against a session server the
/// test plays from the NSM API 1.1 document (a UDP socket on 127.0.0.1),
/// and a real dummy JACK server once the session is open.
@Suite(.serialized)
struct SessionManagerJackTests {
    /// The server's side: the announce tactus sends, answered as given.
    static func announced(_ server: UDPPeer, child: TactusChild) throws -> Int {
        let announce = try #require(server.receive("/nsm/server/announce", from: child), "no announce; stderr: \(child.stderr)")
        #expect(announce.message.arguments == [
            .string("tactus"), .string(":dirty:"), .string("tactus"), .int(1), .int(1), .int(child.process.pid),
        ])
        return announce.from
    }

    @Test func announceOpenSaveDirtyCleanAndSIGTERM() async throws {
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("Gig/tactus.nTAXY").path
        try Data(#"{"bindings": [{"message": {"type": "cc", "number": 81}, "action": "start"}, {"message": {"type": "cc", "number": 80}, "action": "tempo+", "amount": 10}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.appendingPathComponent("pedal-map.json").path))
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.appendingPathComponent("pedal-map.json").path, toPath: session + "/pedal-map.json")
        try await JackTestServer.with { jack in
            let server = try UDPPeer()
            let recorder = try JackRecorder(server: jack.name)
            let sender = try JackMIDISender(server: jack.name)
            let child = try TactusChild([], environment: [
                "NSM_URL": "osc.udp://127.0.0.1:\(server.port)/", "JACK_DEFAULT_SERVER": jack.name, "HOME": folder.path,
            ])
            let client = try Self.announced(server, child: child)
            // No JACK client before open.
            #expect(try recorder.client.ports(matching: "^nTAXY:").isEmpty)
            server.send(OSCMessage("/reply", [.string("/nsm/server/announce"), .string("Welcome"), .string("test-nsmd"), .string(":server-control:")]), to: client)
            server.send(OSCMessage("/nsm/client/open", [.string(session), .string("Gig"), .string("nTAXY")]), to: client)
            let opened = try #require(server.receive("/reply", from: child))
            #expect(opened.message.arguments == [.string("/nsm/client/open"), .string("tactus is ready as JACK client nTAXY")])
            #expect(try recorder.client.ports(matching: "^nTAXY:").sorted() == ["nTAXY:click", "nTAXY:clock", "nTAXY:input", "nTAXY:pedal"])
            try await child.poll("the stopped line") { child.stdout.contains("stopped; waiting for a start (pedal, key or OSC)\n") }
            try recorder.connect(audio: ["nTAXY:click"])
            try sender.client.connect(sender.midiOutput.name, "nTAXY:pedal")

            // Saved as opened: clean, the settings written.
            server.send(OSCMessage("/nsm/client/save"), to: client)
            let saved = try #require(server.receive("/reply", from: child))
            #expect(saved.message.arguments == [.string("/nsm/client/save"), .string("saved \(session)/tactus.json")])
            let settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: session + "/tactus.json"))) as? [String: Any])
            #expect(settings["bpm"] as? Double == 120)
            #expect(settings["meter"] as? String == "4/4")

            // Stopped until the pedal starts it; tempo+ makes the settings dirty.
            #expect(recorder.onsets.isEmpty)
            let press = try await sender.frame(after: 4_800)
            try sender.schedule([
                JackRecordedEvent(frame: press, bytes: [0xB0, 81, 127]),
                JackRecordedEvent(frame: press + 48_000, bytes: [0xB0, 80, 127]),
            ])
            let first = try await recorder.waitForOnsets(1)
            #expect(first[0] > press)
            #expect(server.receive("/nsm/client/is_dirty", from: child) != nil)
            server.send(OSCMessage("/nsm/client/save"), to: client)
            #expect(server.receive("/reply", from: child)?.message.arguments == [.string("/nsm/client/save"), .string("saved \(session)/tactus.json")])
            #expect(server.receive("/nsm/client/is_clean", from: child) != nil)
            let resaved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: session + "/tactus.json"))) as? [String: Any])
            #expect(resaved["bpm"] as? Double == 130)

            // SIGTERM: the take ends, its report in the session folder, no question asked.
            child.signal(SIGTERM)
            let result = try await child.result(within: .time(.seconds(10)))
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let reports = try FileManager.default.contentsOfDirectory(atPath: session + "/data/tactus/sessions").filter { $0.hasSuffix(".json") }
            #expect(reports.count == 1)
            let report = try PracticeReport.read(session + "/data/tactus/sessions/" + reports[0])
            #expect(report.events.filter { $0.kind == .pedal }.map(\.detail) == ["pedal start", "pedal tempo+"])
            #expect(report.tempoChanges.last?.tempo == Tempo(bpm: 130))
        }
    }

    @Test func sessionOptionsOpenTheOSCPortAndOSCStartsTheTake() async throws {
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("tactus.nOSC").path
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        let port = try UDPPeer.freePort()
        try Data(#"{"oscPort": \#(port)}"#.utf8).write(to: URL(fileURLWithPath: session + "/session.json"))
        try Data(#"{"bpm": 90, "meter": "3/4"}"#.utf8).write(to: URL(fileURLWithPath: session + "/tactus.json"))
        try await JackTestServer.with { jack in
            let server = try UDPPeer()
            let recorder = try JackRecorder(server: jack.name)
            let child = try TactusChild([], environment: [
                "NSM_URL": "osc.udp://127.0.0.1:\(server.port)/", "JACK_DEFAULT_SERVER": jack.name, "HOME": folder.path,
            ])
            let client = try Self.announced(server, child: child)
            server.send(OSCMessage("/reply", [.string("/nsm/server/announce"), .string("Welcome"), .string("test-nsmd"), .string("")]), to: client)
            server.send(OSCMessage("/nsm/client/open", [.string(session), .string("Gig"), .string("nOSC")]), to: client)
            #expect(server.receive("/reply", from: child)?.message.arguments == [.string("/nsm/client/open"), .string("tactus is ready as JACK client nOSC")])
            try recorder.connect(audio: ["nOSC:click"])
            let peer = try UDPPeer()
            peer.send(OSCMessage("/tactus/query"), to: port)
            let stopped = try #require(peer.receive("/tactus/state", from: child))
            #expect(Array(stopped.message.arguments.prefix(2)) == [.bool(false), .float(90)])
            #expect(stopped.message.arguments[4] == .string("3/4"))
            try RemoteControlJackTests.oscsend(port, ["/tactus/start"])
            let onsets = try await recorder.waitForOnsets(4)
            // 90 BPM: 32000 frames a beat, from the start on.
            #expect(zip(onsets.dropFirst(), onsets).map { $0 - $1 } == [32_000, 32_000, 32_000])
            try RemoteControlJackTests.oscsend(port, ["/tactus/tempo", "f", "96"])
            #expect(server.receive("/nsm/client/is_dirty", from: child) != nil)
            child.signal(SIGTERM)
            let result = try await child.result(within: .time(.seconds(10)))
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
        }
    }

    @Test func badSessionOptionsAreAnErrorToOpen() async throws {
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"oscPort": 0}"#.utf8).write(to: folder.appendingPathComponent("session.json"))
        let server = try UDPPeer()
        let child = try TactusChild([], environment: ["NSM_URL": "osc.udp://127.0.0.1:\(server.port)/"])
        let client = try Self.announced(server, child: child)
        server.send(OSCMessage("/reply", [.string("/nsm/server/announce"), .string("Welcome"), .string("test-nsmd"), .string("")]), to: client)
        server.send(OSCMessage("/nsm/client/open", [.string(folder.path), .string("Gig"), .string("nX")]), to: client)
        let line = "\(folder.path)/session.json: oscPort: 0 is outside 1–65535"
        #expect(server.receive("/error", from: child)?.message.arguments == [.string("/nsm/client/open"), .int(-9), .string(line)])
        let result = try await child.result(within: .time(.seconds(20)))
        #expect(result == TactusChild.Result(exitCode: 4, stdout: "", stderr: "tactus: \(line)\n"))
    }

    @Test func aServerThatAnswersTheAnnounceWithAnErrorEndsItInOneLine() async throws {
        let server = try UDPPeer()
        let url = "osc.udp://127.0.0.1:\(server.port)/"
        let child = try TactusChild([], environment: ["NSM_URL": url])
        let client = try Self.announced(server, child: child)
        server.send(OSCMessage("/error", [.string("/nsm/server/announce"), .int(-6), .string("no session open")]), to: client)
        let result = try await child.result(within: .time(.seconds(20)))
        #expect(result == TactusChild.Result(
            exitCode: 1, stdout: "", stderr: "tactus: the session manager at \(url) refused tactus: no session open (error -6)\n"))
    }

    @Test func aServerThatNeverAnswersIsNamedAfterFiveSeconds() async throws {
        let port = try UDPPeer.freePort()
        let url = "osc.udp://127.0.0.1:\(port)/"
        let result = try await TactusChild([], environment: ["NSM_URL": url]).result(within: .time(.seconds(30)))
        #expect(result == TactusChild.Result(
            exitCode: 1, stdout: "", stderr: "tactus: no answer from a session manager at \(url) (NSM_URL) within 5 s\n"))
    }

    @Test func aFolderThatCannotBeCreatedIsAnErrorToOpen() async throws {
        let server = try UDPPeer()
        let child = try TactusChild([], environment: ["NSM_URL": "osc.udp://127.0.0.1:\(server.port)/"])
        let client = try Self.announced(server, child: child)
        server.send(OSCMessage("/reply", [.string("/nsm/server/announce"), .string("Welcome"), .string("test-nsmd"), .string("")]), to: client)
        server.send(OSCMessage("/nsm/client/open", [.string("/proc/tactus/nX"), .string("Gig"), .string("nX")]), to: client)
        let error = try #require(server.receive("/error", from: child))
        #expect(error.message.arguments == [.string("/nsm/client/open"), .int(-10), .string("cannot create /proc/tactus/nX")])
        let result = try await child.result(within: .time(.seconds(20)))
        #expect(result == TactusChild.Result(exitCode: 1, stdout: "", stderr: "tactus: /proc/tactus/nX: cannot create the session folder\n"))
    }

    @Test func withoutNSMURLTheBareCommandIsAUsageErrorAsBefore() async throws {
        let result = try await TactusChild([], environment: ["NSM_URL": ""]).result(within: .time(.seconds(20)))
        #expect(result == TactusChild.Result(exitCode: 2, stdout: "", stderr: "tactus: missing command; see 'tactus --help'\n"))
    }
}
