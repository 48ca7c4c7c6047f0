import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

@Suite struct SessionProgramsTests {
    @Test func anUngatedTrainersStepsClickOnExactFrames() throws {
        // From 120 BPM, +60 every 2 bars, to 240: the config puts the steps in the timeline.
        let trainer = SpeedTrainer(start: Tempo(bpm: 120), step: Tempo(bpm: 60), target: Tempo(bpm: 240), barsPerStep: 2)
        var rig = try SessionRig(spec: try PracticeConfig(speedTrainer: trainer).timelineSpec(), bars: 6)
        rig.journal += try rig.control.start(PracticePrograms(speedTrainer: trainer)).journal
        rig.run(until: 1_000_000)
        #expect(rig.ending == .barsPlayed)
        // Bars 1–2 at 120 BPM (24 000 frames a beat), 3–4 at 180 (16 000), 5–6 at 240 (12 000).
        let beats: [Int64] = Array(0..<8)
        let expected: [Int64] = beats.map { $0 * 24_000 } + beats.map { 192_000 + $0 * 16_000 } + beats.map { 320_000 + $0 * 12_000 }
        #expect(rig.clicks == expected)
        let changes = rig.control.scorer.statistics.tempoChanges
        #expect(changes == [
            ReportTempoChange(frame: 192_000, bar: 3, tempo: Tempo(bpm: 180), cause: "speed trainer: 180 BPM from bar 3, every 2 bars up to 240 BPM"),
            ReportTempoChange(frame: 320_000, bar: 5, tempo: Tempo(bpm: 240), cause: "speed trainer: 240 BPM from bar 5, every 2 bars up to 240 BPM"),
        ])
        #expect(rig.control.tempo == Tempo(bpm: 240))
        #expect(rig.journal.contains(#""cause":"speed trainer: 180 BPM from bar 3, every 2 bars up to 240 BPM""#))
    }

    /// A gated trainer played by a simulated drummer whose spread is
    /// `spreadMs(bar)`: the notes of each bar are made from the session's
    /// timeline as it stands just before the bar, so they follow its tempo.
    static func play(_ trainer: SpeedTrainer, bars: Int, spreadMs: (Int) -> Double) throws -> SessionRig {
        var rig = try SessionRig(spec: TimelineSpec(tempo: trainer.start, subdivision: 2), bars: bars)
        rig.journal += try rig.control.start(PracticePrograms(speedTrainer: trainer)).journal
        var input: [RawMIDIEvent] = []
        var nextBar = 1
        while rig.ending == nil && rig.driver.frameTime < 48_000 * 120 {
            if nextBar <= bars, rig.driver.frameTime + 9_600 >= rig.control.timeline.frame(ofBar: nextBar) {
                let player = SimulatedPlayer(
                    seed: UInt64(nextBar), meanOffsetMs: 0, spreadMs: spreadMs(nextBar), driftMsPerMinute: 0, beatBiasMs: [0],
                    missProbability: 0)
                input += player.perform(on: rig.control.timeline, bars: nextBar...nextBar).map {
                    RawMIDIEvent(frame: $0.frame, size: 3, status: 0x99, data1: $0.note, data2: $0.velocity)
                }
                nextBar += 1
            }
            rig.run(until: rig.driver.frameTime + 64, input: input.filter { $0.frame >= rig.driver.frameTime })
        }
        return rig
    }

    static let gate = SpeedTrainer.Gate(maxMeanOffsetMs: 5, maxSdMs: 5)

    @Test func aSteadyPlayerClimbsToTheTargetAndStops() throws {
        let trainer = SpeedTrainer(
            start: Tempo(bpm: 100), step: Tempo(bpm: 10), target: Tempo(bpm: 120), barsPerStep: 2, atTarget: .stop, gate: Self.gate)
        let rig = try Self.play(trainer, bars: 32) { _ in 1 }
        let changes = rig.control.scorer.statistics.tempoChanges
        // Bars 1–2 are judged once the ok window after their last eighth has
        // passed, before bar 3 begins: the change comes at bar 3.
        #expect(changes.map(\.bar) == [3, 5])
        #expect(changes.map(\.tempo) == [Tempo(bpm: 110), Tempo(bpm: 120)])
        #expect(changes.allSatisfy { $0.cause.hasPrefix("speed trainer: bars ") })
        #expect(changes[0].cause.hasPrefix("speed trainer: bars 1–2 at 100 BPM: mean "))
        #expect(changes[0].cause.hasSuffix(" within ±5.0 / 5.0 ms: 110 BPM from bar 3"))
        #expect(changes[1].cause.hasPrefix("speed trainer: bars 3–4 at 110 BPM: mean "))
        #expect(changes[1].cause.hasSuffix(" within ±5.0 / 5.0 ms: 120 BPM from bar 5"))
        // Two bars at 100 BPM (8 × 28 800 frames), then two at 110 BPM
        // (8 × 26 181.8… = 209 454.5 frames, rounded once, up).
        #expect(changes[0].frame == 230_400)
        #expect(changes[1].frame == rig.control.timeline.frame(ofBar: 5))
        #expect(changes[1].frame == 230_400 + 209_455)
        #expect(rig.ending == .trainerFinished)
        #expect(rig.control.programs.stopBar == 7)
        #expect(rig.control.endFrame == rig.control.timeline.frame(ofBar: 7))
        let stop = rig.control.scorer.statistics.events.filter { $0.kind == .program }.map(\.detail)
        #expect(stop.count == 2)
        #expect(stop[0] == "speed trainer: 100 → 120 BPM, +10 every 2 bars when |mean| ≤ 5 ms and SD ≤ 5 ms, then stop")
        #expect(stop[1].hasPrefix("speed trainer: bars 5–6 at 120 BPM: mean "))
        #expect(stop[1].hasSuffix(" within ±5.0 / 5.0 ms (the target): stop after bar 6"))
    }

    @Test func aLooserPlayerGoesBackDownAStep() throws {
        let trainer = SpeedTrainer(
            start: Tempo(bpm: 100), step: Tempo(bpm: 10), target: Tempo(bpm: 130), barsPerStep: 2, gate: Self.gate)
        let changes = try Self.play(trainer, bars: 10) { $0 < 5 ? 1 : 25 }.control.scorer.statistics.tempoChanges
        #expect(changes.map(\.bar) == [3, 5, 7, 9])
        #expect(changes.map(\.tempo) == [Tempo(bpm: 110), Tempo(bpm: 120), Tempo(bpm: 110), Tempo(bpm: 100)])
        #expect(changes[2].cause.hasPrefix("speed trainer: bars 5–6 at 120 BPM: mean "))
        #expect(changes[2].cause.hasSuffix(" outside ±5.0 / 5.0 ms: back to 110 BPM from bar 7"))
    }

    @Test func aLoosePlayerStaysAtTheStart() throws {
        let trainer = SpeedTrainer(
            start: Tempo(bpm: 100), step: Tempo(bpm: 10), target: Tempo(bpm: 130), barsPerStep: 2, gate: Self.gate)
        let rig = try Self.play(trainer, bars: 8) { _ in 25 }
        let changes = rig.control.scorer.statistics.tempoChanges
        #expect(changes.isEmpty)
        #expect(rig.ending == .barsPlayed)
        #expect(rig.control.timeline.tempo(atBar: 8) == Tempo(bpm: 100))
    }

    @Test func randomMuteSilencesExactlyTheBeatsTheScheduleSays() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2, countInBars: 1)
        var rig = try SessionRig(spec: spec, bars: 8, start: 6_400)
        let schedule = GapSchedule.randomBeats(percent: 40, seed: 11)
        let started = try rig.control.start(PracticePrograms(randomMute: schedule))
        rig.pending += started.commands
        rig.journal += started.journal
        rig.run(until: 2_000_000)
        #expect(rig.ending == .barsPlayed)
        let timeline = rig.control.timeline
        let all = timeline.clicks(in: 0..<timeline.frame(ofBar: 9))
        // Eighths at 120 BPM from frame 6400: the count-in bar and bars 1-8.
        #expect(all.map(\.frame) == Array(stride(from: 6_400, to: 6_400 + 9 * 96_000, by: 12_000)))
        let sounding = all.filter { !schedule.isMuted(bar: $0.position.bar, beat: $0.position.beat) }
        #expect(rig.clicks == sounding.map(\.frame))
        let muted = (1...8).flatMap { bar in schedule.mutedBeats(bar: bar, beatsPerBar: 4).map { "bar \(bar) beat \($0)" } }
        #expect(muted.count > 6 && muted.count < 26)
        #expect(all.count - sounding.count == 2 * muted.count)
        let events = rig.control.scorer.statistics.events
        #expect(events.filter { $0.kind == .mutedBeat }.map(\.detail) == muted)
        let mutedFrames = (1...8).flatMap { bar in
            schedule.mutedBeats(bar: bar, beatsPerBar: 4).map { 6_400 + Int64(bar) * 96_000 + Int64($0 - 1) * 24_000 }
        }
        #expect(events.filter { $0.kind == .mutedBeat }.map(\.frame) == mutedFrames)
        #expect(events.first { $0.kind == .program }?.detail == "random mute: 40% of beats from bar 1, seed 11")
        #expect(rig.journal.contains(#""kind":"muted-beat""#))
    }

    @Test func theTimerRemindsAfterEachPlayingPeriodAndWhenTheRestIsOver() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        let timer = PracticeTimer(sampleRate: 48_000, playFrames: 96_000, restFrames: 48_000)
        rig.journal += try rig.control.start(PracticePrograms(timer: timer)).journal
        var notices: [String] = []
        var reminders: [String?] = []
        while rig.driver.frameTime < 300_000 {
            var output = OfflineDriver.Output()
            rig.driver.cycle(into: &output)
            var step = rig.control.handle(output.events)
            step.absorb(rig.control.advance(to: rig.driver.frameTime))
            notices += step.notices
            if reminders.last != rig.control.programs.reminder { reminders.append(rig.control.programs.reminder) }
        }
        #expect(notices == [
            "practice timer: 0:02 played (round 1); rest for 0:01", "practice timer: rest over",
            "practice timer: 0:02 played (round 2); rest for 0:01", "practice timer: rest over",
        ])
        #expect(reminders == [nil, "practice timer: 0:02 played (round 1); rest for 0:01", nil, "practice timer: 0:02 played (round 2); rest for 0:01", nil])
        let events = rig.control.scorer.statistics.events.filter { $0.kind == .program }
        #expect(events.map(\.frame) == [0, 96_000, 144_000, 240_000, 288_000])
        #expect(events.first?.detail == "practice timer: 0:02 playing, then 0:01 rest")
        #expect(rig.control.programs.timerStatus?.description == "play 0:02")
        #expect(rig.control.programs.playedFrames == 300_032)
    }
}
