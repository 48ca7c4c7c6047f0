import Testing
import TactusCore
import TactusEngine
import TactusSession
@testable import TactusJack

/// tactus leading and following the transport of a real JACK dummy server.
@Suite(.serialized)
struct JackTransportSessionTests {
    @Test func leadingPublishesTheGridAndRollsTheTransportFromBarOne() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let follower = try JackClient(name: "follower", server: server.name)
            try follower.activateIdle()
            try host.leadTransport()
            #expect(throws: JackError.timebaseMasterTaken) {
                try follower.becomeTimebaseMaster(ThreeFourTimebase.function, context: nil, conditional: true)
            }
            _ = host.drainEvents()
            // 120 BPM, one bar of count-in, 90 BPM from bar 3.
            let spec = TimelineSpec(
                tempo: Tempo(bpm: 120), countInBars: 1, changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 90))])
            // JACK waits while the timeline is handed over, so it is in place
            // before its first frame however loaded the machine.
            let holder = try JackMIDISender(server: server.name, name: "holder")
            let timeline = try await holder.holding(after: 4_800) { start in
                let timeline = try Timeline(spec: spec, startFrame: start)
                #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
                return timeline
            }
            try await TestWait.frames(5 * 48_000, of: server).until("the transport rolling") { (try? follower.transportQuery())?.state == .rolling }

            // It rolled on the cycle whose frames put transport frame 0 on bar 1.
            var events: [EngineEvent] = []
            try await TestWait.frames(48_000, of: server).until("tactus's report of the roll") {
                events += host.drainEvents()
                return events.contains { $0.transport != nil }
            }
            let rolled = try #require(events.compactMap(\.transport).first)
            #expect(rolled.sample.rolling)
            #expect(rolled.sample.offset == timeline.originFrame)
            // Whatever frame the transport is at, its BBT is the timeline's there.
            for _ in 0..<5 {
                let position = try follower.transportQuery()
                #expect(position.bbt.map(Self.transportBBT) == timeline.transportBBT(atFrame: timeline.originFrame + Int64(position.frame)))
                try await Task.sleep(for: .milliseconds(30))
            }

            // Stopping tactus stops the transport.
            host.send([.stop(at: .immediately)])
            try await TestWait.frames(48_000, of: server).until("the transport stopped") { (try? follower.transportQuery())?.state == .stopped }
            #expect(try follower.transportQuery().state == .stopped)

            // Relocated by another client, it answers from the same grid:
            // frame 24000 k is beat k at 120 BPM; from bar 3, 32000 frames a beat
            // at 90, and a tick 16.67 frames, rounded once: tick 1 is frame 17.
            let expected: [(frame: UInt32, bbt: JackBBT)] = [
                (0, Self.bbt(1, 1, 0, barStart: 0, bpm: 120)),
                (24_000, Self.bbt(1, 2, 0, barStart: 0, bpm: 120)),
                (120_000, Self.bbt(2, 2, 0, barStart: 7_680, bpm: 120)),
                (180_000, Self.bbt(2, 4, 960, barStart: 7_680, bpm: 120)),
                (192_000, Self.bbt(3, 1, 0, barStart: 15_360, bpm: 90)),
                (192_000 + 32_000 * 5, Self.bbt(4, 2, 0, barStart: 23_040, bpm: 90)),
                (192_000 + 32_000 * 5 + 16, Self.bbt(4, 2, 0, barStart: 23_040, bpm: 90)),
                (192_000 + 32_000 * 5 + 17, Self.bbt(4, 2, 1, barStart: 23_040, bpm: 90)),
            ]
            for (frame, bbt) in expected {
                try follower.locateTransport(frame: frame)
                // The master fills in bar and beat a cycle after the move.
                try await TestWait.frames(48_000, of: server).until("the master's position at frame \(frame)") {
                    guard let position = try? follower.transportQuery() else { return false }
                    return position.frame == frame && position.bbt != nil
                }
                let position = try follower.transportQuery()
                #expect(position.frame == frame)
                #expect(position.bbt == bbt)
            }
        }
    }

    @Test func followingClicksOnTheMastersBeatsAndStopsWithTheTransport() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let master = try JackTransportProbe(server: server.name, name: "master", timebase: true)
            let all = try JackRecorder(server: server.name, name: "all", capacity: 4_096, minimumSilence: 32)
            let accents = try JackRecorder(server: server.name, name: "accents", capacity: 4_096, threshold: 0.75, minimumSilence: 32)
            try all.connect(audio: ["tactus:click"])
            try accents.connect(audio: ["tactus:click"])
            host.followTransport()
            let session = try FollowSession(host: host)

            // The master stands at bar 1: tactus plans before the transport rolls.
            try await session.pump { session.follower.generation >= 1 }
            #expect(session.follower.generation == 1)
            // One take of three bars and a beat from bar 1: the synchronous
            // test server skips no cycle, so every click is heard on its beat.
            let takeStart = master.lastCycleStart
            try master.client.startTransport()
            try await session.pump { master.rolls == 1 }
            try await session.pump { master.lastCycleStart > takeStart + 28_800 * 9 + 9_600 }
            try master.client.stopTransport()
            try await session.pump { master.stoppedAt != nil }
            let stoppedAt = try #require(master.stoppedAt)
            try await session.pump { master.lastCycleStart > stoppedAt + 28_800 * 2 }
            try await all.waitUntilProcessed(through: stoppedAt + 28_800 * 2)
            try await accents.waitUntilProcessed(through: stoppedAt + 28_800 * 2)

            // The master's beats in frame time: transport frame 28800 k.
            let beats = master.beats(every: 28_800, in: takeStart..<stoppedAt)
            let downbeats = master.beats(every: 28_800 * 3, in: takeStart..<stoppedAt)
            #expect(beats.count == 10)
            #expect(!session.control.playing)
            #expect(session.control.tempo == Tempo(bpm: 100))
            #expect(all.gaps + accents.gaps + master.gaps + host.skippedCycles == 0)
            #expect(all.onsets == beats)
            #expect(accents.onsets == downbeats)
        }
    }

    static func bbt(_ bar: Int32, _ beat: Int32, _ tick: Int32, barStart: Double, bpm: Double) -> JackBBT {
        JackBBT(
            bar: bar, beat: beat, tick: tick, barStartTick: barStart, beatsPerBar: 4, beatType: 4, ticksPerBeat: 1_920,
            beatsPerMinute: bpm)
    }

    static func transportBBT(_ bbt: JackBBT) -> TransportBBT {
        TransportBBT(
            bar: bbt.bar, beat: bbt.beat, tick: bbt.tick, barStartTick: bbt.barStartTick, beatsPerBar: Double(bbt.beatsPerBar),
            beatType: Double(bbt.beatType), ticksPerBeat: bbt.ticksPerBeat, beatsPerMinute: bbt.beatsPerMinute)
    }
}

/// The control side of `tactus run --transport follow`, driven by the test:
/// engine reports into the follower and session control, commands back.
final class FollowSession {
    let host: JackEngineHost
    var control: SessionControl
    var follower: TransportFollower

    init(host: JackEngineHost) throws {
        self.host = host
        let spec = TimelineSpec(tempo: Tempo(bpm: 120))
        control = try SessionControl(timeline: try Timeline(spec: spec), scoring: ScoringSettings(subdivision: 1))
        follower = TransportFollower(spec: spec)
    }

    /// Runs the control loop every 2 ms until `condition` holds; throws
    /// after 30 s, naming the line that waited.
    func pump(line: Int = #line, until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                throw JackTestServerError("follow session: the condition of line \(line) did not hold within 30 s")
            }
            let processed = host.lastCycleEnd
            var step = follower.handle(host.drainEvents(), at: host.frameTimeNow ?? 0, control: &control)
            if let processed { step.absorb(control.advance(to: processed)) }
            if !step.commands.isEmpty { host.send(step.commands) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
