import Foundation
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// Latency compensation from JACK's own figures, over a real netjack2 link
/// on localhost: tactus on the master, the player on the far server.
@Suite(.serialized)
struct JackNetLatencyTests {
    /// The player hears tactus' click on the far server and plays exactly on
    /// it; the notes come back over the link. With the latencies netjack2
    /// reports on the master (audio out to the far side, MIDI back), every
    /// hit is scored within 2 frames of 0 ms, with no offset given.
    ///
    /// The far server runs a cycle short now and then when a packet comes
    /// late (its xrun, frequent on a loaded machine): the clicks after it are
    /// heard a period early, and a note played just before it reaches tactus
    /// a period late. Only notes that fell exactly on a click heard, with
    /// the next click heard a beat later (no cycle lost in between), are judged.
    @Test func aPlayerOnTheFarSideOfNetjackIsScoredOnTheBeat() async throws {
        try await JackTestServer.with { master in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let slave = try JackNetSlave(master: master)
            defer { slave.stop() }
            let latencies = try JackTool.latencies(server: master.name)
            let out = try #require(latencies["far:to_slave_1"]).playback
            let back = try #require(latencies["far:midi_from_slave_1"]).capture
            #expect(out > 0 && back > 0, "netjack2 reports \(latencies)")

            let report = folder.appendingPathComponent("net.json").path
            var heard: [Int64] = []
            var played: [Int64] = []
            do {
                let player = try JackBeatFollower(server: slave.name, beatFrames: 12_000)
                try player.ear.connect("system:capture_1", player.earInput.name)
                try player.hands.connect(player.handsOutput.name, "system:midi_playback_1")
                let run = try TactusChild(
                    ["run", "--server", master.name, "--bpm", "240", "--bars", "6", "--no-ui", "--no-calibration",
                     "--connect-click", "far:to_slave_1", "--connect-input", "far:midi_from_slave_1", "--report", report],
                    environment: environment)
                let result = try await run.result(timeout: .seconds(60))
                #expect(result.exitCode == 0, "\(result.stderr)")
                heard = player.heard
                played = player.played
                player.hands.close()
                player.ear.close()
            }
            let saved = try PracticeReport.decode(Data(contentsOf: URL(fileURLWithPath: report)), file: report)
            let latency = saved.settings.latencyChanges.last?.latency ?? saved.settings.scoring.latency
            #expect(latency.clickOutputFrames == Int64(out) && latency.inputCaptureFrames == Int64(back))
            #expect(latency.userOffsetMs == 0)
            // The i-th note played is the i-th hit tactus scored.
            let onClick = Set(zip(heard, heard.dropFirst()).filter { $1 - $0 == 12_000 }.map(\.0))
            let judged = zip(played, saved.hits).filter { onClick.contains($0.0) }.map(\.1)
            #expect(judged.count >= 4, "heard \(heard), played \(played)")
            let frame = 1000.0 / 48_000
            for hit in judged {
                #expect(abs(hit.offsetMs) <= 2 * frame + 1e-9, "bar \(hit.position.bar) beat \(hit.position.beat): \(hit.offsetMs) ms")
            }
        }
    }
}
