import Testing
@testable import TactusCore

@Suite struct ClickSampleLengthTests {
    @Test func tenSecondsAtTheFilesRateAreTheMost() {
        #expect(ClickSample.maximumFileDuration == 10)
        #expect(ClickSample.lengthProblem(frameCount: 480_000, sampleRate: 48_000) == nil)
        #expect(ClickSample.lengthProblem(frameCount: 480_001, sampleRate: 48_000)
            == "lasts 10.000 s at 48000 Hz; a click sound lasts at most 10 s (its click is cut to 1 s); give a shorter WAV file")
        #expect(ClickSample.lengthProblem(frameCount: 960_000_000, sampleRate: 48_000)
            == "lasts 20000 s at 48000 Hz; a click sound lasts at most 10 s (its click is cut to 1 s); give a shorter WAV file")
        #expect(ClickSample.lengthProblem(frameCount: 441_000, sampleRate: 44_100) == nil)
    }
}
