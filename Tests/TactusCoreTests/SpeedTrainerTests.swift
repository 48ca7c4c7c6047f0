import Testing
@testable import TactusCore

@Suite struct SpeedTrainerTests {
    let sixtyByFive = SpeedTrainer(
        start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 75_000), barsPerStep: 2)

    @Test func fixedScheduleStepsEveryNBarsUpToTheTarget() throws {
        try sixtyByFive.validate()
        #expect(sixtyByFive.stepCount == 3)
        #expect(sixtyByFive.tempoChanges() == [
            TempoChange(bar: 3, tempo: Tempo(milliBPM: 65_000)),
            TempoChange(bar: 5, tempo: Tempo(milliBPM: 70_000)),
            TempoChange(bar: 7, tempo: Tempo(milliBPM: 75_000)),
        ])
        #expect(sixtyByFive.tempoChanges(startBar: 9).map(\.bar) == [11, 13, 15])
        #expect(sixtyByFive.lastBar() == nil)
    }

    @Test func theLastStepStopsAtTheTarget() {
        let trainer = SpeedTrainer(
            start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 7_000), target: Tempo(milliBPM: 75_000),
            barsPerStep: 4, atTarget: .stop)
        #expect(trainer.tempoChanges().map(\.tempo) == [67_000, 74_000, 75_000].map { Tempo(milliBPM: $0) })
        #expect(trainer.tempoChanges().map(\.bar) == [5, 9, 13])
        // Bars 13–16 at the target, then stop.
        #expect(trainer.lastBar() == 16)
        let flat = SpeedTrainer(start: Tempo(milliBPM: 90_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 90_000), barsPerStep: 8, atTarget: .stop)
        #expect(flat.tempoChanges().isEmpty)
        #expect(flat.lastBar(startBar: 3) == 10)
    }

    @Test func timelineGivesTheExactFramesOfTheSteps() throws {
        let spec = TimelineSpec(tempo: sixtyByFive.start, changes: sixtyByFive.tempoChanges())
        let timeline = try Timeline(spec: spec)
        // Two bars of 4/4 at 60 BPM: 8 beats of 48000 frames.
        #expect(timeline.frame(ofBar: 3) == 384_000)
        // + 8 beats at 65: 8 · 48000 · 60/65 = 23040000/65 = 354461.54 → ideal 738461.54.
        #expect(timeline.frame(ofBar: 5) == 738_462)
        // + 23040000/70 = 329142.86 → ideal 1067604.40 (rounded once, not per bar).
        #expect(timeline.frame(ofBar: 7) == 1_067_604)
        // + 23040000/75 = 307200 → 1374804.40.
        #expect(timeline.frame(ofBar: 9) == 1_374_804)
        #expect(timeline.tempo(atBar: 6) == Tempo(milliBPM: 70_000))
        #expect(timeline.tempo(atBar: 100) == Tempo(milliBPM: 75_000))
    }

    @Test func validationNamesTheField() {
        var trainer = sixtyByFive
        trainer.target = Tempo(milliBPM: 50_000)
        #expect(throws: PracticeProgramError(field: "target", message: "50 BPM is below the start tempo 60 BPM")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.step = Tempo(milliBPM: 0)
        #expect(throws: PracticeProgramError(field: "step", message: "0 BPM must be more than 0 and at most 100 BPM")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.barsPerStep = 0
        #expect(throws: PracticeProgramError(field: "everyBars", message: "0 is outside 1–1000 bars")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.gate = SpeedTrainer.Gate(maxMeanOffsetMs: .nan, maxSdMs: 5)
        #expect(throws: PracticeProgramError(field: "gate.maxMeanOffsetMs", message: "must be a number of 0 or more, got nan")) {
            try trainer.validate()
        }
    }
}
