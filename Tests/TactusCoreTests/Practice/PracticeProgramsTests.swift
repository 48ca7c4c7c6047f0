import Foundation
import Testing
@testable import TactusCore

@Suite struct PracticeProgramsTests {
    func load(_ text: String) throws(SettingError) -> PracticeConfig {
        try PracticeConfig(json: Array(text.utf8))
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try load(text).timelineSpec()
            return nil
        } catch {
            return error.description
        }
    }

    static let gated = SpeedTrainer(
        start: Tempo(bpm: 80), step: Tempo(bpm: 5), target: Tempo(bpm: 120), barsPerStep: 4, atTarget: .stop,
        gate: SpeedTrainer.Gate(maxMeanOffsetMs: 10, maxSdMs: 15))

    @Test func programFieldsAreReadAndWritten() throws {
        let config = try load("""
            {"speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 120, "atTarget": "stop",
                              "gate": {"maxMeanMs": 10, "maxSdMs": 15}},
             "randomMute": {"percent": 25, "seed": 7}, "practiceMinutes": 15, "restMinutes": 5}
            """)
        #expect(config == PracticeConfig(
            speedTrainer: Self.gated, randomMute: RandomMute(percent: 25, seed: 7), practiceMinutes: 15, restMinutes: 5))
        #expect(config.givenFields == ["speedTrainer", "randomMute", "practiceMinutes", "restMinutes"])
        #expect(try PracticeConfig(json: Array(JSONEncoder().encode(config))) == config)
        let programs = config.programs(sampleRate: 48_000, seed: 99)
        #expect(programs.speedTrainer == Self.gated)
        #expect(programs.randomMute == .randomBeats(percent: 25, seed: 7))
        #expect(programs.timer == PracticeTimer(sampleRate: 48_000, playFrames: 43_200_000, restFrames: 14_400_000))
        #expect(try load(#"{"randomMute": {"percent": 10}}"#).programs(sampleRate: 48_000, seed: 99).randomMute == .randomBeats(percent: 10, seed: 99))
    }

    @Test func anUngatedTrainerIsTheTimelinesTempoChanges() throws {
        let config = try load(#"{"speedTrainer": {"start": 80, "step": 15, "everyBars": 2, "target": 120}}"#)
        let spec = try config.timelineSpec()
        #expect(spec.tempo == Tempo(bpm: 80))
        #expect(spec.changes == [
            TempoChange(bar: 3, tempo: Tempo(bpm: 95)), TempoChange(bar: 5, tempo: Tempo(bpm: 110)),
            TempoChange(bar: 7, tempo: Tempo(bpm: 120)),
        ])
        #expect(config.sessionBars == nil)
        var stopping = config
        stopping.speedTrainer?.atTarget = .stop
        // 120 BPM from bar 7, held for two bars.
        #expect(stopping.sessionBars == 8)
        stopping.bars = 4
        #expect(stopping.sessionBars == 4)
    }

    @Test func aGatedTrainerLeavesTheTimelineAtItsStartTempo() throws {
        let spec = try PracticeConfig(speedTrainer: Self.gated).timelineSpec()
        #expect(spec.tempo == Tempo(bpm: 80))
        #expect(spec.changes.isEmpty)
        #expect(PracticeConfig(speedTrainer: Self.gated).sessionBars == nil)
    }

    @Test func flagsReplaceTheTempoSettingsTogether() throws {
        let file = try load(#"{"speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 120}, "randomMute": {"percent": 5}}"#)
        let merged = file.overridden(by: PracticeConfig(bpm: Tempo(bpm: 90), practiceMinutes: 10))
        #expect(merged.speedTrainer == nil)
        #expect(merged.bpm == Tempo(bpm: 90))
        #expect(merged.randomMute == RandomMute(percent: 5))
        #expect(merged.practiceMinutes == 10)
    }

    @Test func badProgramsNameTheField() {
        #expect(problem(#"{"speedTrainer": {"start": 80, "step": 5, "everyBars": 4}}"#) == "speedTrainer.target: missing; the tempo to reach")
        #expect(problem(#"{"speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 60}}"#)
            == "speedTrainer.target: 60 BPM is below the start tempo 80 BPM")
        #expect(problem(#"{"speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 90, "gate": {"maxMeanMs": -1, "maxSdMs": 5}}}"#)
            == "speedTrainer.gate.maxMeanMs: must be a number of 0 or more, got -1.0")
        #expect(problem(#"{"speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 90, "atTarget": "loop"}}"#)
            == "speedTrainer.atTarget: expected hold or stop, got 'loop'")
        #expect(problem(#"{"speedTrainer": {"start": 20, "step": 0.1, "everyBars": 1, "target": 400}}"#)
            == "speedTrainer.step: 3800 steps from 20 to 400 BPM; at most 500, take bigger steps")
        #expect(problem(#"{"bpm": 90, "speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 90}}"#)
            == "speedTrainer: give bpm or speedTrainer, not both; the trainer starts at its start tempo")
        #expect(problem(#"{"tempoMap": [{"bar": 3, "bpm": 100}], "speedTrainer": {"start": 80, "step": 5, "everyBars": 4, "target": 90}}"#)
            == "speedTrainer: give tempoMap or speedTrainer, not both; the trainer sets the tempo")
        #expect(problem(#"{"randomMute": {"percent": 120}}"#) == "randomMute.percent: 120.0 is not a percentage from 0 to 100")
        #expect(problem(#"{"randomMute": {"percent": 20, "seed": -1}}"#) == "randomMute.seed: expected a whole number from 0 to 2^53, got -1.0")
        #expect(problem(#"{"randomMute": {"percent": 20, "seeds": 1}}"#) == "randomMute.seeds: unknown field (did you mean 'seed'?); expected one of percent, seed")
        #expect(problem(#"{"practiceMinutes": 0}"#) == "practiceMinutes: 0.0 is not more than 0 and at most 1440 minutes")
        #expect(problem(#"{"restMinutes": 5}"#) == "restMinutes: needs practiceMinutes, the playing time before each rest")
        #expect(problem(#"{"practiceMinutes": 10, "restMinutes": 2000}"#) == "restMinutes: 2000.0 is outside 0–1440 minutes")
    }

    @Test func randomMuteFlagText() {
        #expect(RandomMute(parsing: "25") == RandomMute(percent: 25))
        #expect(RandomMute(parsing: "12.5:7") == RandomMute(percent: 12.5, seed: 7))
        #expect(RandomMute(parsing: "25:") == nil)
        #expect(RandomMute(parsing: "x") == nil)
        #expect(RandomMute(parsing: "25:9007199254740993") == nil)
    }
}
