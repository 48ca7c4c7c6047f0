import Testing
import TactusCore
import TactusEngine
@testable import TactusJack
import TactusTestSupport

/// `tactus:audio-in` on a real JACK dummy server: registered only when asked
/// for, every sample handed on with its frame on the cycle counter, and the
/// capture latency of what feeds it the one compensated.
@Suite(.serialized)
struct JackAudioInputTests {
    @Test func thePortIsThereOnlyWhenAskedFor() async throws {
        try await JackTestServer.with { server in
            let plain = try JackEngineHost(name: "tactus", server: server.name, sounds: JackEngineHost.impulses)
            #expect(plain.audioPort == nil)
            #expect(try plain.client.ports(matching: "^tactus:audio-in$").isEmpty)
            plain.close()
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: JackEngineHost.impulses, audioInput: true)
            #expect(host.audioPort?.name == "tactus:audio-in")
            #expect(try host.client.ports(matching: "^tactus:audio-in$", type: .audio, flags: [.input]) == ["tactus:audio-in"])
        }
    }

    @Test func everySampleArrivesOnItsFrame() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: JackEngineHost.impulses, audioInput: true)
            try host.activate()
            #expect(host.waitForFirstCycle(timeout: .seconds(10)))
            // A ramp, each sample its own index, half a second long.
            let take = (0..<24_000).map { Float($0 + 1) / 32_768 }
            let player = try JackAudioPlayer(server: server.name, take: take)
            try player.client.connect(player.output.name, "tactus:audio-in")
            // The server runs a new connection from the next cycle on, and a
            // client reads the connections of the graph it runs
            // (JackGraphManager's current state): a take armed before then
            // loses its first cycle to a graph without the connection.
            try await TestWait.time(.seconds(10)).until("audioplayer:out connected to tactus:audio-in in the graph") {
                ((try? player.client.connections(of: player.output.name)) ?? []).contains("tactus:audio-in")
            }
            player.play()
            try await player.waitUntilFinished()
            let start = try #require(player.startFrame)
            try await host.pollEvents(until: start + Int64(take.count)) { _ in }

            let blocks = host.drainAudio()
            #expect(blocks.allSatisfy { $0.count > 0 && $0.count <= AudioBlock.capacity })
            #expect(zip(blocks, blocks.dropFirst()).allSatisfy { $0.frame + Int64($0.count) == $1.frame })
            var heard: [Float] = []
            for block in blocks where block.frame + Int64(block.count) > start {
                heard += block.values.suffix(from: max(0, Int(start - block.frame)))
            }
            #expect(Array(heard.prefix(take.count)) == take)
            #expect(host.lostAudio == 0 && player.gaps == 0 && host.skippedCycles == 0)
        }
    }

    @Test func aFullRingLosesTheRestAndCountsIt() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: JackEngineHost.impulses, audioInput: true)
            try host.activate()
            #expect(host.waitForFirstCycle(timeout: .seconds(10)))
            let first = try #require(host.lastCycleStart)
            // Nothing drains the ring for its 4096 blocks of a 64-frame
            // period and a second more.
            let full = Int64(JackEngineHost.audioRingBlocks * server.bufferSize)
            try await host.pollEvents(until: first + full + 48_000) { _ in }
            let lost = host.lostAudio
            let blocks = host.drainAudio()
            let kept = Array(blocks.prefix(JackEngineHost.audioRingBlocks))
            #expect(kept.count == JackEngineHost.audioRingBlocks)
            #expect(kept.allSatisfy { $0.count == server.bufferSize })
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.frame + Int64($0.count) == $1.frame })
            #expect(lost >= 48_000 && lost % server.bufferSize == 0)
            // Drained, it takes what comes next again: the blocks pushed
            // while the drain made room, then those after, with no gap. What
            // it lost is exactly what lies between the last block kept and
            // the first taken again.
            let keptEnd = try #require(kept.last.map { $0.frame + Int64($0.count) })
            let next = try #require(host.lastCycleEnd)
            try await host.pollEvents(until: next + 4_800) { _ in }
            let resumed = Array(blocks.dropFirst(kept.count)) + host.drainAudio()
            #expect(resumed.count >= 4_800 / server.bufferSize)
            #expect(zip(resumed, resumed.dropFirst()).allSatisfy { $0.frame + Int64($0.count) == $1.frame })
            let resumedAt = try #require(resumed.first?.frame)
            #expect(Int64(host.lostAudio) == resumedAt - keptEnd)
        }
    }

    @Test func theCaptureLatencyOfWhatFeedsTheAudioInputIsCompensated() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: JackEngineHost.impulses, audioInput: true)
            try host.activate()
            #expect(host.waitForFirstCycle(timeout: .seconds(10)))
            #expect(host.latencies().inputFrames == 0)
            let audioPort = try #require(host.audioPort)
            try host.client.connect("system:capture_1", audioPort.name)
            // Read through the connections of the graph the server runs.
            try await TestWait.time(.seconds(10)).until("system:capture_1 connected to tactus:audio-in in the graph") {
                host.connections(of: audioPort) == ["system:capture_1"]
            }
            #expect(host.latencies().inputFrames == Int64(server.captureLatency))
            #expect(host.captureLatencyFrames(feeding: host.inputPort) == 0)
        }
    }
}
