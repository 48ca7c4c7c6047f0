import Testing
@testable import TactusCore
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
        let players = rig.control.players.players
        #expect(players[0].scorer.statistics.hits.map(\.frame) == [30_496])
        #expect(players[1].scorer.statistics.hits.isEmpty)
        #expect(players.map(\.scorer.statistics.misses.count) == [15, 16])
        #expect(players.allSatisfy { $0.scorer.statistics.misses.allSatisfy { $0.position.bar <= 2 } })
    }

    /// A group of two, anna's hit on beat 2 of bar 1 and ben's on beat 2 of
    /// bar 3, played through a late wake.
    static func lateGroup() throws -> SessionRig {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, start: 6_400)
        let scoring = ScoringSettings(subdivision: 2)
        rig.control.players = try PlayerScoring(
            names: ["anna", "ben"], ports: ["kit:out", "bass:out"], grid: rig.control.timeline, settings: [scoring, scoring])
        rig.runUnwatched(until: Self.lateWake, input: [Self.snare(30_496, player: 0), Self.snare(222_496, player: 1)])
        return rig
    }

    @Test func aQuitInTheLateTurnLeavesTheEndingToTheSessionsLength() throws {
        var rig = try Self.lateGroup()
        #expect(rig.ending == .barsPlayed)
        #expect(rig.control.press(.quit, at: Self.lateWake).ending == nil)
    }

    @Test func closingAfterTheEndSettlesNothingAfterIt() throws {
        // A signal, or a quit, closes the scoring at the frame it came.
        var rig = try Self.lateGroup()
        rig.journal += rig.control.finish(at: Self.lateWake).journal
        let session = rig.control.scorer.statistics
        // Every eighth of both bars but beat 2 of bar 1.
        #expect(session.misses.count == 15)
        #expect(session.misses.allSatisfy { $0.position.bar <= 2 })
        let players = rig.control.players.players
        #expect(players.map(\.scorer.statistics.misses.count) == [15, 16])
        #expect(players.allSatisfy { $0.scorer.statistics.misses.allSatisfy { $0.position.bar <= 2 } })
    }

    @Test func keysPedalsAndOSCInTheLateTurnDoNothing() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, start: 6_400)
        rig.runUnwatched(until: Self.lateWake)
        var step = rig.control.press(.tempoUp, at: Self.lateWake)
        step.absorb(rig.control.perform(.mark, at: Self.lateWake, cause: "pedal mark"))
        step.absorb(try rig.control.perform(.tempo(Tempo(bpm: 100)), at: Self.lateWake, cause: "osc /tactus/tempo f 100.0"))
        step.absorb(try rig.control.perform(.mute(true), at: Self.lateWake, cause: "osc /tactus/mute T"))
        step.absorb(rig.control.portLatencies(
            PortLatencies(session: PortLatencies.Input(clickOutputFrames: 256, inputCaptureFrames: 64)), from: Self.lateWake))
        #expect(step.commands.isEmpty)
        #expect(step.journal.isEmpty)
        #expect(step.feedback == nil)
        #expect(rig.control.scorer.statistics.events.filter { $0.kind == .pedal || $0.kind == .latency }.isEmpty)
        #expect(rig.control.latency.clickOutputFrames == 0)
    }

    /// A session stopped before its end has not reached it however long it
    /// waits: a pedal start after the frame its end had then is the session's.
    @Test func aStartAfterALongStopIsTheSessions() throws {
        let map = try PedalMap(
            json: Array(#"{"bindings": [{"message": {"type": "cc", "number": 81}, "action": "start-stop"}]}"#.utf8), file: "map.json")
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2, pedalMap: map, start: 6_400)
        // Pressed and released at 30 000 (stop) and at 400 000 (start).
        let pedal = [30_000, 400_000].flatMap { frame in
            [RawMIDIEvent(frame: frame, size: 3, status: 0xB0, data1: 81, data2: 127),
             RawMIDIEvent(frame: frame + 2_000, size: 3, status: 0xB0, data1: 81, data2: 0)]
        }
        rig.run(until: 600_000, pedal: pedal)
        #expect(rig.clicks.contains { $0 > 400_000 })
        #expect(rig.control.scorer.statistics.events.filter { $0.kind == .pedal }.map(\.frame) == [30_000, 400_000])
    }

    /// The click heard back is counted, as strokes are scored, only before the end.
    @Test func strokesAndTheClickHeardBackAfterTheEndAreNotCounted() throws {
        // One bar of count-in from frame 0: bar 1 at 96 000, the end (two bars) at 288 000.
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), startFrame: 0)
        let audio = SessionAudio(sources: [0], detector: try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 48_000)))
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: 2, audio: audio)
        _ = control.handle([.started(frame: 0)])
        // Every click (one every 24 000 frames) comes back 600 frames later,
        // bar 3's downbeat too; one stroke played on beat 2 of bar 1 and one
        // of bar 3, each 96 frames late.
        let heard = (0...12).map { Int64($0) * 24_000 + 600 }
        let strokes = (heard + [120_096, 312_096]).sorted().map { DetectedStroke(frame: $0, levelDb: -10) }
        var step = control.scoreStrokes(strokes, source: 0)
        step.absorb(control.flushAudio())
        #expect(step.hits.map(\.frame) == [600, 24_600, 48_600, 72_600, 120_096])
        let said = control.scorer.statistics.events.filter { $0.kind == .clickBleed }.map(\.detail)
        #expect(said.last == "8 strokes heard were the click coming back, not scored")
    }

    @Test func audioGapsAndLossesFoundAfterTheEndAreNotListed() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0)
        let audio = SessionAudio(sources: [0], detector: try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 48_000)))
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: 2, audio: audio)
        _ = control.handle([.started(frame: 0)])
        let silence = [Float](repeating: 0, count: 64)
        var step = SessionControl.Step()
        // The end is at 192 000; the block at 200 000 follows a gap from 194 064.
        silence.withUnsafeBufferPointer { samples in
            step.absorb(control.takeAudio(samples, at: 194_000, source: 0))
            step.absorb(control.takeAudio(samples, at: 200_000, source: 0))
        }
        step.absorb(control.lost(.audioSamples(ringBlocks: 64), total: 128, at: 200_064))
        #expect(step.journal.isEmpty)
        #expect(control.scorer.statistics.events.filter { $0.kind == .dropped }.isEmpty)
    }

    /// Lost while stopped, a group's players are settled up to where the
    /// playing stopped, as the session is.
    @Test func aServerLostWhileStoppedSettlesThePlayersToo() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0)
        let scoring = ScoringSettings(subdivision: 1)
        var control = try SessionControl(
            timeline: timeline, scoring: scoring, bars: 4,
            players: try PlayerScoring(names: ["anna", "ben"], ports: ["a", "b"], grid: timeline, settings: [scoring, scoring]))
        _ = control.handle([.started(frame: 0)])
        _ = control.handle([.stopped(frame: 60_000)])
        _ = control.serverLost(at: 70_000, reason: "gone")
        // Beats 1 to 3 of bar 1 (their 50 ms ok windows closed by 60 000); beat 4 could not be heard.
        #expect(control.scorer.statistics.misses.map(\.frame) == [0, 24_000, 48_000])
        let players = control.players.players
        #expect(players.map { $0.scorer.statistics.misses.map(\.frame) } == [[0, 24_000, 48_000], [0, 24_000, 48_000]])
    }
}
