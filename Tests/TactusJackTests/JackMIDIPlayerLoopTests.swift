import Testing
import TactusCore
import TactusEngine
@testable import TactusJack

@Suite(.serialized)
struct JackMIDIPlayerLoopTests {
    @Test(arguments: [true, false]) func loop(clockFirst: Bool) async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: [[1.0]])
            try host.activate()
            #expect(host.waitForFirstCycle(timeout: .seconds(10)))
            let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
                notes: (0..<16).map { MIDIFileNote(tick: $0 * 240 + 7, duration: 10, note: 38, velocity: 100) })
            let player = try JackMIDIPlayer(file: file, name: "tactus-play", server: server.name, startsOnClock: true)
            try player.activate()
            if clockFirst {
                try player.client.connect("tactus:clock", "tactus-play:clock_in")
                try player.client.connect("tactus-play:out", "tactus:input")
            } else {
                try player.client.connect("tactus-play:out", "tactus:input")
                try player.client.connect("tactus:clock", "tactus-play:clock_in")
            }
            _ = host.drainEvents()
            let start = try #require(host.frameTimeNow) + 9_600
            let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), startFrame: start)
            #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
            try await JackRecorder.poll(timeout: .seconds(20)) { player.isFinished }
            try await Task.sleep(for: .milliseconds(200))
            let stamped = host.drainEvents().filter { $0.kind == .input && $0.midi.status == 0x90 }.map(\.frame)
            let expected = player.playback.events.filter { $0.bytes[0] == 0x90 }.map { timeline.originFrame + $0.frame }
            print("LOOP clockFirst=\(clockFirst) start=\(String(describing: player.startFrame.map { $0 - timeline.originFrame })) offsets=\(zip(stamped, expected).map { $0 - $1 })")
        }
    }
}
