import Foundation
import Glibc
import Testing
@testable import TactusCore
@testable import TactusJack

/// `tactus play`, `tactus ports` and `tactus simulate` run as programs
/// against a real dummy server, checked frame by frame by the test clients.
@Suite(.serialized)
struct PlayCommandJackTests {
    /// Two tracks at 480 PPQ: 97 BPM, then 140 from bar 2 and 61.5 from bar 3;
    /// notes, a running controller, program change, pitch bend, both
    /// aftertouches, a short SysEx, a note-on with velocity 0, meta events
    /// (never sent) and events of both tracks on one tick.
    static let file: MIDIFile = {
        let conductor = MIDIFileTrack(events: [
            MIDIFileEvent(tick: 0, message: .meta(.tempo(microsecondsPerQuarter: 618_557))),
            MIDIFileEvent(tick: 0, message: .meta(.timeSignature(MIDITimeSignature(numerator: 4, denominatorPower: 2)))),
            MIDIFileEvent(tick: 1920, message: .meta(.tempo(microsecondsPerQuarter: 428_571))),
            MIDIFileEvent(tick: 3840, message: .meta(.tempo(microsecondsPerQuarter: 975_610))),
            MIDIFileEvent(tick: 3840, message: .channelVoice(.programChange(channel: 0, program: 5))),
        ])
        var events: [MIDIFileEvent] = [
            MIDIFileEvent(tick: 0, message: .channelVoice(.noteOn(channel: 9, note: 36, velocity: 100))),
            MIDIFileEvent(tick: 0, message: .channelVoice(.noteOn(channel: 9, note: 42, velocity: 80))),
            MIDIFileEvent(tick: 1, message: .systemExclusive([0x7E, 0x7F, 0x09, 0x01, 0xF7])),
            MIDIFileEvent(tick: 60, message: .channelVoice(.noteOff(channel: 9, note: 36, velocity: 0))),
            MIDIFileEvent(tick: 61, message: .channelVoice(.noteOff(channel: 9, note: 42, velocity: 0))),
            MIDIFileEvent(tick: 100, message: .meta(.text(type: MIDIMetaEvent.markerType, bytes: Array("verse".utf8)))),
            MIDIFileEvent(tick: 3840, message: .channelVoice(.pitchBend(channel: 0, value: 12_000))),
            MIDIFileEvent(tick: 3841, message: .channelVoice(.polyAftertouch(channel: 0, note: 60, pressure: 33))),
            MIDIFileEvent(tick: 3842, message: .channelVoice(.channelAftertouch(channel: 0, pressure: 44))),
        ]
        for index in 0..<40 {
            let tick = 240 + index * 97
            events.append(MIDIFileEvent(tick: tick, message: .channelVoice(.noteOn(channel: 0, note: UInt8(40 + index), velocity: UInt8(1 + index)))))
            events.append(MIDIFileEvent(tick: tick + 50, message: .channelVoice(.noteOff(channel: 0, note: UInt8(40 + index), velocity: 0))))
            events.append(MIDIFileEvent(tick: tick + 13, message: .channelVoice(.controlChange(channel: 1, controller: 1, value: UInt8(index)))))
        }
        events.sort { $0.tick < $1.tick }
        return MIDIFile(
            format: .simultaneousTracks, division: .ticksPerQuarter(480),
            tracks: [conductor, MIDIFileTrack(events: events)])
    }()

    static func write(_ file: MIDIFile) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-play-\(UUID().uuidString).mid").path
        try Data(file.encoded()).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Sends MIDI Start at `margin` frames after a cycle JACK is held at
    /// (so it cannot come late) and returns its frame.
    static func start(from sender: JackMIDISender, after margin: Int64) async throws -> Int64 {
        try await sender.holding(after: margin) { start in
            try sender.schedule([JackRecordedEvent(frame: start, bytes: [0xFA])])
            return start
        }
    }

    /// Polls until `port` is connected to every one of `peers`.
    static func waitForConnections(_ client: JackClient, _ port: String, _ peers: [String]) async throws {
        try await TestWait.time(.seconds(20)).until("\(port) connected to \(peers)") {
            let connected = (try? client.connections(of: port)) ?? []
            return peers.allSatisfy(connected.contains)
        }
        let connected = try client.connections(of: port)
        guard peers.allSatisfy(connected.contains) else {
            throw JackTestServerError("\(port) is connected to \(connected), not \(peers)")
        }
    }

    @Test func startsTickZeroExactlyOnTheMIDIStart() async throws {
        let path = try Self.write(Self.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let playback = Self.file.playback(sampleRate: 48_000).events
        // 2 notes, 1 SysEx, 2 note-offs, program change, 3 more, 40 × 3: no meta events.
        #expect(playback.count == 129)
        let last = try #require(playback.last)
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            let child = try TactusChild([
                "play", path, "--server", server.name, "--name", "player",
                "--to", "recorder:midi_in", "--start-on-clock", "^sender:midi_",
            ])
            try await Self.waitForConnections(recorder.client, "recorder:midi_in", ["player:out"])
            try await Self.waitForConnections(sender.client, "sender:midi_out", ["player:clock_in"])
            let before = recorder.events.count
            let start = try await Self.start(from: sender, after: 4_800)
            let result = try await child.result(within: .frames(last.frame + 10 * 48_000, of: server))
            try await recorder.waitUntilProcessed(through: start + last.frame)
            let recorded = Array(recorder.events.dropFirst(before))
            let expected = playback.map { JackRecordedEvent(frame: start + $0.frame, bytes: $0.bytes) }
            let seconds = String(format: "%.3f", Double(last.frame) / 48_000)
            #expect(result == TactusChild.Result(
                exitCode: 0, stdout: "played 129 events in \(seconds) s (0 late)\n",
                stderr: "tactus play: waiting for MIDI Start from /^sender:midi_/; start the transport there (Ctrl-C gives up)\n"))
            // The synchronous server skips no cycle: every event on its exact frame.
            #expect(recorder.gaps == 0 && sender.gaps == 0 && sender.late == 0)
            #expect(recorded == expected)
            #expect(recorded.first == JackRecordedEvent(frame: start, bytes: [0x99, 36, 100]))
            #expect(recorder.dropped == 0)
        }
    }

    @Test func aLeadTimeStartsAfterTheOutputIsConnected() async throws {
        let path = try Self.write(Self.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let playback = Self.file.playback(sampleRate: 48_000).events
        try await JackTestServer.with { server in
            let recorder = try JackRecorder(server: server.name)
            let before = recorder.events.count
            let result = try await TactusChild.run(["play", path, "--server", server.name, "--to", "^recorder:midi_in$", "--lead-ms", "500"])
            try await recorder.waitForCycles(recorder.cycles + 4)
            let recorded = Array(recorder.events.dropFirst(before))
            #expect(result == TactusChild.Result(exitCode: 0, stdout: "played 129 events in 4.662 s (0 late)\n", stderr: ""))
            let start = try #require(recorded.first?.frame)
            #expect(recorder.gaps == 0)
            #expect(recorded == playback.map { JackRecordedEvent(frame: start + $0.frame, bytes: $0.bytes) })
        }
    }

    @Test func aSimulatedPerformancePlaysWithinHalfATickOfItsTruth() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let midi = directory.appendingPathComponent("groove.mid").path, truth = directory.appendingPathComponent("truth.jsonl").path
        let simulated = try await TactusChild.run(["simulate", "--bpm", "97", "--bars", "2", "--seed", "3", "--out", midi, "--truth", truth])
        #expect(simulated.exitCode == 0)
        // The truth's frames count from bar 1 here (no count-in).
        let notes = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try (#require(object?["frame"] as? Int), #require(object?["note"] as? Int))
        }
        #expect(notes.count > 20)
        let file = try MIDIFile.read([UInt8](Data(contentsOf: URL(fileURLWithPath: midi)))).file
        let lastFrame = try #require(file.playback(sampleRate: 48_000).events.last?.frame)
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            let child = try TactusChild([
                "play", midi, "--server", server.name, "--name", "player", "--to", "recorder:midi_in", "--start-on-clock", "sender:midi_out",
            ])
            try await Self.waitForConnections(recorder.client, "recorder:midi_in", ["player:out"])
            try await Self.waitForConnections(sender.client, "sender:midi_out", ["player:clock_in"])
            let before = recorder.events.count
            let start = try await Self.start(from: sender, after: 4_800)
            let result = try await child.result(within: .frames(lastFrame + 10 * 48_000, of: server))
            try await recorder.waitUntilProcessed(through: start + lastFrame)
            #expect(result.exitCode == 0)
            #expect(result.stdout == "played \(notes.count * 2) events in "
                + String(format: "%.3f", Double(lastFrame) / 48_000) + " s (0 late)\n")
            let heard = recorder.events.dropFirst(before).filter { $0.bytes[0] == 0x99 }
            // The synchronous server skips no cycle: every note is heard, each
            // within half a tick of its truth (at 97 BPM and 960 PPQ: 322 µs,
            // 15.5 frames), as the file's ticks round it.
            #expect(recorder.gaps == 0 && sender.gaps == 0 && sender.late == 0)
            #expect(heard.map { Int($0.bytes[1]) } == notes.map(\.1))
            let errors = zip(heard, notes).map { Int($0.frame - start) - $1.0 }
            #expect(errors.count == notes.count)
            #expect(errors.allSatisfy { abs($0) <= 15 }, "\(errors)")
        }
    }

    @Test func portsListsTheServersPorts() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            try recorder.connect(audio: ["system:capture_2"], midi: [sender.midiOutput.name])
            let result = try await TactusChild.run(["ports", "--server", server.name])
            #expect(result == TactusChild.Result(exitCode: 0, stdout: """
                PORT               TYPE   DIR  PHYSICAL  CONNECTIONS
                system:capture_1   audio  out  yes       -
                system:capture_2   audio  out  yes       recorder:audio_in
                system:playback_1  audio  in   yes       -
                system:playback_2  audio  in   yes       -
                sender:midi_out    midi   out  no        recorder:midi_in
                sender:audio_out   audio  out  no        -
                recorder:audio_in  audio  in   no        system:capture_2
                recorder:midi_in   midi   in   no        sender:midi_out

                """, stderr: ""))
        }
    }

    @Test func ctrlCAndTermStopCleanly() async throws {
        let path = try Self.write(Self.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await JackTestServer.with { server in
            let recorder = try JackRecorder(server: server.name)
            // Waiting for a MIDI Start that never comes.
            let waiting = try TactusChild(["play", path, "--server", server.name, "--name", "waiting", "--to", "recorder:midi_in", "--start-on-clock", "nobody:clock"])
            try await Self.waitForConnections(recorder.client, "recorder:midi_in", ["waiting:out"])
            waiting.signal(SIGINT)
            #expect(try await waiting.result() == TactusChild.Result(
                exitCode: 0, stdout: "played 0 of 129 events in 0.000 s (0 late); stopped before the start\n",
                stderr: "tactus play: waiting for a MIDI output port matching nobody:clock (--start-on-clock); it is connected as soon as it appears\n"))

            // Stopped while playing: what it says it played is what arrived.
            let before = recorder.events.count
            let playing = try TactusChild(["play", path, "--server", server.name, "--name", "playing", "--to", "recorder:midi_in"])
            _ = try await recorder.waitForEvents(before + 20)
            playing.signal(SIGTERM)
            let result = try await playing.result()
            try await recorder.waitForCycles(recorder.cycles + 4)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let played = try #require(Int(result.stdout.dropFirst("played ".count).prefix { $0 != " " }))
            #expect(result.stdout.hasPrefix("played \(played) of 129 events in "))
            #expect(result.stdout.hasSuffix(" late); stopped\n"))
            #expect(played >= 20 && played < 129)
            #expect(recorder.gaps == 0)
            #expect(recorder.events.count - before == played)
        }
    }

    @Test func aServerThatShutsDownIsExit3() async throws {
        let long = MIDIFile(
            ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            notes: (0..<240).map { MIDIFileNote(tick: $0 * 240, duration: 100, note: 60, velocity: 90) })
        let path = try Self.write(long)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await JackTestServer.with { server in
            let recorder = try JackRecorder(server: server.name)
            let child = try TactusChild(["play", path, "--server", server.name, "--to", "recorder:midi_in"])
            _ = try await recorder.waitForEvents(4)
            server.terminate(signal: SIGTERM)
            let result = try await child.result()
            #expect(result.exitCode == 3)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("tactus play: JACK server '\(server.name)' shut the client down"))
            #expect(result.stderr.hasSuffix(": restart jackd and try again\n"))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
    }
}
