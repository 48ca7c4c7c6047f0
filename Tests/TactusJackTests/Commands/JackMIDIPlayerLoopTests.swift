import Testing
import TactusCore
import TactusEngine
@testable import TactusJack

/// A player started by the engine's MIDI Start and playing into the
/// engine's input closes a loop in JACK's graph (tactus → player → tactus).
/// JACK runs such a loop by delaying one of its connections by a cycle, so
/// what the engine stamps is exactly one period late: whichever connection
/// was made second carries the delay, and either way the sum is one period.
@Suite(.serialized)
struct JackMIDIPlayerLoopTests {
    @Test(arguments: [true, false]) func aLoopWithTheEngineCostsOnePeriod(clockConnectedFirst: Bool) async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost(name: "tactus", server: server.name, sounds: [[1.0]])
            try host.activate()
            #expect(host.waitForFirstCycle(timeout: .seconds(10)))
            let file = MIDIFile(
                ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
                notes: (0..<16).map { MIDIFileNote(tick: $0 * 240 + 7, duration: 10, note: 38, velocity: 100) })
            let player = try JackMIDIPlayer(file: file, name: "tactus-play", server: server.name, startsOnClock: true)
            try player.activate()
            let clock = ("tactus:clock", "tactus-play:clock_in"), notes = ("tactus-play:out", "tactus:input")
            for (source, destination) in clockConnectedFirst ? [clock, notes] : [notes, clock] {
                try player.client.connect(source, destination)
            }
            _ = host.drainEvents()
            // JACK waits while the timeline is handed over, so it is in place
            // before its first frame however loaded the machine.
            let holder = try JackMIDISender(server: server.name, name: "holder")
            let timeline = try await holder.holding(after: 9_600) { start in
                let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), startFrame: start)
                #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
                return timeline
            }
            try await TestWait.frames(30 * 48_000, of: server).until("the end of the player's file") { player.isFinished }
            #expect(player.isFinished)

            let period = Int64(server.bufferSize)
            let planned = player.playback.events.filter { $0.bytes[0] == 0x90 }.map { timeline.originFrame + $0.frame }
            var stamped: [Int64] = []
            try await host.pollEvents(until: (planned.last ?? 0) + 4 * period) { events in
                stamped += events.compactMap(\.input).filter { $0.status == 0x90 }.map(\.frame)
            }
            // The server runs synchronously, so no cycle is missed. The MIDI
            // Start arrives on bar 1's frame, or a period later when its
            // connection is the delayed one, and every note a period late.
            #expect(host.skippedCycles == 0 && player.skippedCycles == 0 && player.late == 0)
            #expect(player.startFrame == timeline.originFrame + (clockConnectedFirst ? 0 : period))
            #expect(stamped.count == 16)
            #expect(zip(stamped, planned).map { $0 - $1 } == Array(repeating: period, count: 16))
        }
    }
}
