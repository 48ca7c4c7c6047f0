import Testing
@testable import TactusCore

@Suite struct PracticeTimerTests {
    let timer = PracticeTimer(sampleRate: 48_000, playMinutes: 20, restMinutes: 5)

    @Test func minutesBecomeExactFrames() throws {
        try timer.validate()
        #expect(timer.playFrames == 57_600_000)
        #expect(timer.restFrames == 14_400_000)
        #expect(PracticeTimer(sampleRate: 44_100, playMinutes: 0.5).playFrames == 1_323_000)
    }

    @Test func phasesAlternate() {
        #expect(timer.status(elapsedFrames: 0) == PracticeTimer.Status(
            phase: .play, round: 1, elapsedFrames: 0, remainingFrames: 57_600_000, sampleRate: 48_000))
        #expect(timer.status(elapsedFrames: 0).description == "play 20:00")
        #expect(timer.status(elapsedFrames: 57_599_999).description == "play 0:01")
        #expect(timer.status(elapsedFrames: 57_599_999).remainingFrames == 1)
        let rest = timer.status(elapsedFrames: 57_600_000)
        #expect(rest.phase == .rest)
        #expect(rest.round == 1)
        #expect(rest.remainingFrames == 14_400_000)
        #expect(rest.description == "rest 5:00")
        #expect(timer.status(elapsedFrames: 71_999_999).description == "rest 0:01")
        let second = timer.status(elapsedFrames: 72_000_000)
        #expect(second.phase == .play)
        #expect(second.round == 2)
        #expect(second.elapsedFrames == 0)
        #expect(timer.status(elapsedFrames: -5) == timer.status(elapsedFrames: 0))
    }

    @Test func remindersComeOnceAtTheEndOfEachPlayPeriod() {
        #expect(timer.reminderFrame(round: 1) == 57_600_000)
        #expect(timer.reminderFrame(round: 2) == 129_600_000)
        #expect(timer.reminder(after: 57_599_999, upTo: 57_600_000) == 1)
        #expect(timer.reminder(after: 57_000_000, upTo: 57_599_999) == nil)
        #expect(timer.reminder(after: 57_600_000, upTo: 57_700_000) == nil)
        #expect(timer.reminder(after: 0, upTo: 200_000_000) == 2)
        #expect(timer.reminder(after: 129_600_000, upTo: 129_600_001) == nil)
        let noRest = PracticeTimer(sampleRate: 48_000, playMinutes: 1)
        #expect(noRest.reminder(after: 2_879_999, upTo: 2_880_000) == 1)
        #expect(noRest.reminder(after: 5_759_999, upTo: 5_760_000) == 2)
        #expect(noRest.status(elapsedFrames: 2_880_000).phase == .play)
        #expect(noRest.status(elapsedFrames: 2_880_000).round == 2)
    }

    @Test func longSessionsShowHours() {
        let long = PracticeTimer(sampleRate: 48_000, playMinutes: 90)
        #expect(long.status(elapsedFrames: 0).description == "play 1:30:00")
    }

    @Test func validation() {
        #expect(throws: SettingError(field: "playMinutes", message: "must be more than 0 and at most 24 hours")) {
            try PracticeTimer(sampleRate: 48_000, playMinutes: 0).validate()
        }
    }

    @Test func absurdDurationsAreRejectedNotTrapped() {
        #expect(throws: SettingError(field: "playMinutes", message: "must be more than 0 and at most 24 hours")) {
            try PracticeTimer(sampleRate: 48_000, playMinutes: .nan).validate()
        }
        #expect(throws: SettingError(field: "playMinutes", message: "must be more than 0 and at most 24 hours")) {
            try PracticeTimer(sampleRate: 48_000, playMinutes: 1e300).validate()
        }
        let huge = PracticeTimer(sampleRate: 48_000, playFrames: .max, restFrames: .max)
        #expect(huge.status(elapsedFrames: .max).phase == .play)
        #expect(huge.reminderFrame(round: 3) == .max)
    }
}
