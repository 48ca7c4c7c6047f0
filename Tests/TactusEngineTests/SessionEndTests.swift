import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// A session with a length ends at its end frame, however late the control
/// loop wakes to see it: nothing the engine played, heard or reported after
/// the end is settled, scored or logged, for the session nor its players.
///
/// 120 BPM in 4/4 from frame 6400 (the first cycles carry the commands):
/// 24 000 frames a beat, 96 000 a bar; two bars end at frame 198 400. The
/// control side first looks at frame 342 400, a bar and a half late.
@Suite struct SessionEndTests {
    static let end: Int64 = 198_400
    static let lateWake: Int64 = 342_400

    static func snare(_ frame: Int64, player: UInt8 = 0) -> RawMIDIEvent {
        RawMIDIEvent(frame: frame, size: 3, status: 0x99, data1: 38, data2: 100, player: player)
    }

    @Test func aLateWakeLogsNoMutedBeatAfterTheEnd() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, start: 6_400)
        let schedule = GapSchedule.randomBeats(percent: 50, seed: 7)
        let started = try rig.control.start(PracticePrograms(randomMute: schedule))
        rig.pending += started.commands
        rig.journal += started.journal
        rig.runUnwatched(until: Self.lateWake)
        #expect(rig.ending == .barsPlayed)
        let muted = (1...2).flatMap { bar in schedule.mutedBeats(bar: bar, beatsPerBar: 4).map { "bar \(bar) beat \($0)" } }
        // The schedule mutes beats of bar 3 too, which the engine played before the loop woke.
        #expect(!schedule.mutedBeats(bar: 3, beatsPerBar: 4).isEmpty)
        let events = rig.control.scorer.statistics.events.filter { $0.kind == .mutedBeat }
        #expect(events.map(\.detail) == muted)
        #expect(!rig.journal.contains("bar 3 beat"))
    }

    @Test func aLateWakeScoresNoHitAfterTheEnd() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, start: 6_400)
        // On beat 2 of bars 1, 2 and 3: 96 frames (2 ms) late.
        let input = [30_496, 126_496, 222_496].map { Self.snare($0) }
        rig.runUnwatched(until: Self.lateWake, input: input)
        #expect(rig.ending == .barsPlayed)
        rig.journal += rig.control.finish(at: Self.end).journal
        let statistics = rig.control.scorer.statistics
        #expect(statistics.hits.map(\.frame) == [30_496, 126_496])
        #expect(statistics.hits.map(\.offsetMs) == [2, 2])
        // Beats 1, 3 and 4 of both bars (subdivision 2: their &s too).
        #expect(statistics.misses.count == 14)
        #expect(statistics.misses.allSatisfy { $0.position.bar <= 2 })
    }

    @Test func aLateWakeSettlesNoPlayersPositionAfterTheEnd() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, start: 6_400)
        let scoring = ScoringSettings(subdivision: 2)
        rig.control.players = try PlayerScoring(
            names: ["anna", "ben"], ports: ["kit:out", "bass:out"], grid: rig.control.timeline, settings: [scoring, scoring])
        rig.runUnwatched(until: Self.lateWake, input: [Self.snare(30_496, player: 0), Self.snare(222_496, player: 1)])
        #expect(rig.ending == .barsPlayed)
        rig.journal += rig.control.finish(at: Self.end).journal
        let group = rig.control.players
        let players = try #require(group).players
        #expect(players[0].scorer.statistics.hits.map(\.frame) == [30_496])
        #expect(players[1].scorer.statistics.hits.isEmpty)
        #expect(players.map(\.scorer.statistics.misses.count) == [15, 16])
        #expect(players.allSatisfy { $0.scorer.statistics.misses.allSatisfy { $0.position.bar <= 2 } })
    }
}
