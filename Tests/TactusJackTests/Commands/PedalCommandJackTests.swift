import Foundation
import Testing
@testable import TactusCore
@testable import TactusJack
import TactusTestSupport

/// `tactus learn` and `tactus run` with pedal options, as built, against a real dummy server.
@Suite(.serialized)
struct PedalCommandJackTests {
    @Test func learnBindsTheDistinctPedalsInTheOrderPressed() async throws {
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("two.json").path
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let learn = try TactusChild([
                "learn", "--server", server.name, "--out", out, "--pedal", sender.midiOutput.name,
                "--actions", "tap,start-stop", "--timeout", "30",
            ])
            // Wait until tactus-learn:pedal is up and connected to the sender.
            try await TestWait.time(.seconds(30)).until(
                "tactus-learn:pedal connected to the sender", waitingInKernel: { learn.isWaitingInKernel }
            ) {
                ((try? sender.client.connections(of: sender.midiOutput.name)) ?? []).contains("tactus-learn:pedal")
            }
            let first = try await sender.frame(after: 4_800)
            try sender.schedule([
                JackRecordedEvent(frame: first, bytes: [0xB0, 80, 127]),
                JackRecordedEvent(frame: first + 4_800, bytes: [0xB0, 80, 0]),
                JackRecordedEvent(frame: first + 24_000, bytes: [0xB0, 80, 127]),
                JackRecordedEvent(frame: first + 28_800, bytes: [0xB0, 80, 0]),
                JackRecordedEvent(frame: first + 48_000, bytes: [0xB0, 81, 127]),
                JackRecordedEvent(frame: first + 52_800, bytes: [0xB0, 81, 0]),
            ])
            let result = try await learn.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            #expect(result.stdout == """
                listening on tactus-learn:pedal (connected to sender:midi_out); press each pedal
                cc 80 value 127 on channel 1 → bind as {"type":"cc","number":80}
                  bound to tap
                cc 80 value 0 on channel 1
                cc 80 value 127 on channel 1
                cc 80 value 0 on channel 1
                cc 81 value 127 on channel 1 → bind as {"type":"cc","number":81}
                  bound to start-stop
                wrote \(out) (2 bindings)

                """)
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {
              "description": "Learned with tactus learn.",
              "bindings": [
                {"message": {"type": "cc", "channel": "any", "number": 80, "min": 64}, "action": "tap"},
                {"message": {"type": "cc", "channel": "any", "number": 81, "min": 64}, "action": "start-stop"}
              ]
            }

            """)
        let map = try PedalMap(json: bytes, file: out)
        #expect(map.bindings == [
            PedalBinding(message: PedalMessage(kind: .cc, number: 80), action: .tap),
            PedalBinding(message: PedalMessage(kind: .cc, number: 81), action: .startStop),
        ])
    }

    @Test func runWithoutTheALSASequencerSaysSoOnceAndPlays() async throws {
        guard !FileManager.default.fileExists(atPath: "/dev/snd/seq") else { return }
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.json").path
        try await JackTestServer.with { server in
            let run = try TactusChild(
                ["run", "--server", server.name, "--alsa-pedal", "foo", "--bars", "2", "--no-ui", "--report", report],
                environment: ["XDG_STATE_HOME": folder.path])
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "tactus run: ALSA sequencer unavailable (/dev/snd/seq: No such file or directory); continuing with JACK ports only\n")
            #expect(result.stdout.contains("\nbar 1  120.0 BPM"))
            #expect(result.stdout.contains("\nbar 2  120.0 BPM"))
            #expect(result.stdout.hasSuffix("report: \(report)\n"))
        }
        let written = try PracticeReport.read(report)
        #expect(written.bars.map(\.bar) == [1, 2])
        #expect(written.settings.alsaTimestampUncertaintyMs == nil)
    }

    @Test func runWithASetlistRemembersThePresetAndTempo() async throws {
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let setlist = folder.appendingPathComponent("gig.json").path
        try Data(#"""
            {"name": "Gig", "presets": [{"name": "Slow", "bpm": 240}, {"name": "Waltz", "bpm": 300, "meter": "3/4", "sound": "beep"}]}
            """#.utf8).write(to: URL(fileURLWithPath: setlist))
        let report = folder.appendingPathComponent("run.json").path
        try await JackTestServer.with { server in
            let run = try TactusChild(
                ["run", "--server", server.name, "--setlist", setlist, "--preset", "waltz", "--bars", "1", "--no-ui", "--report", report],
                environment: ["XDG_STATE_HOME": folder.path])
            let result = try await run.result()
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
        }
        let state = try PracticeState(
            json: Array(try Data(contentsOf: folder.appendingPathComponent("tactus/state.json"))), file: "state.json")
        #expect(state == PracticeState(setlist: setlist, preset: "Waltz", tempo: Tempo(bpm: 300)))
        let written = try PracticeReport.read(report)
        #expect(written.settings.preset == "Waltz")
        #expect(written.settings.setlist == "Gig")
        #expect(written.settings.meter == Meter(beats: 3, noteValue: 4))
        #expect(written.byPreset.map(\.preset) == ["Waltz"])
        #expect(written.byPreset.first?.summary.misses == 3)
    }
}
