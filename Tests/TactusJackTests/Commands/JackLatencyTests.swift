import Foundation
import Testing
@testable import TactusCore
@testable import TactusJack
import TactusTestSupport

/// JACK's latencies as tactus reads them: per port, from what is connected,
/// and again whenever the graph changes. The dummy server reports a period
/// (64 frames) of capture latency on `system:capture_N`, and on
/// `system:playback_N` a period of playback latency, two when it runs
/// asynchronously (`JackTestServer/playbackLatency`).
@Suite(.serialized)
struct JackLatencyTests {
    @Test func aPortsLatencyIsWhatFeedsItOrWhereItLeads() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "latency", server: server.name)
            defer { client.close() }
            let input = try client.registerPort(name: "in", type: .audio, direction: .input)
            let output = try client.registerPort(name: "out", type: .audio, direction: .output)
            try client.activateIdle()
            #expect(client.captureLatency(feeding: input) == JackLatencyRange(min: 0, max: 0))
            #expect(client.playbackLatency(leaving: output) == JackLatencyRange(min: 0, max: 0))
            #expect(!client.isConnected(input))
            let reorders = client.graphOrderCount
            try client.connect("system:capture_1", input.name)
            try client.connect(output.name, "system:playback_1")
            // The latencies are read through the connections of the graph
            // the server runs (the driver's ports have theirs from the
            // start), so both must be in it: the server may switch to a
            // graph with the first before the second is made, and reorder
            // (and notify) once for each.
            try await TestWait.time(.seconds(10)).until("both connections in the graph") {
                client.isConnected(input) && ((try? client.connections(of: output.name)) ?? []) == ["system:playback_1"]
            }
            try await TestWait.time(.seconds(10)).until("a graph reorder notification") { client.graphOrderCount > reorders }
            #expect(client.captureLatency(feeding: input) == JackLatencyRange(min: 64, max: 64))
            #expect(client.playbackLatency(leaving: output) == JackLatencyRange(min: server.playbackLatency, max: server.playbackLatency))
        }
    }

    /// The click connected to a playback port only after the session began:
    /// the report keeps the starting figures and lists the change, with the
    /// frame it took over at.
    @Test func aConnectionMadeMidSessionChangesTheCompensationFromThen() async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let report = folder.appendingPathComponent("r.json").path
            let run = try TactusChild(
                ["run", "--server", server.name, "--bpm", "240", "--bars", "6", "--no-ui", "--no-calibration", "--report", report],
                environment: environment)
            try await run.poll("the latency line") { run.stdout.contains("latency compensation") }
            let connect = try JackTool.run("jack_connect", ["-s", server.name, "tactus:click", "system:playback_1"])
            #expect(connect.status == 0, "\(connect.text)")
            let result = try await run.result(within: .frames(6 * 48_000 + 10 * 48_000, of: server))
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("latency compensation 0.000 ms: JACK 0 frames out + 0 in"))
            let saved = try PracticeReport.decode(Data(contentsOf: URL(fileURLWithPath: report)), file: report)
            #expect(saved.settings.scoring.latency == .none)
            let change = try #require(saved.settings.latencyChanges.first)
            #expect(saved.settings.latencyChanges.count == 1)
            #expect(change.latency == LatencyCompensation(clickOutputFrames: Int64(server.playbackLatency), inputCaptureFrames: 0))
            #expect(saved.events.contains { $0.kind == .latency && $0.frame == change.frame })
        }
    }
}
