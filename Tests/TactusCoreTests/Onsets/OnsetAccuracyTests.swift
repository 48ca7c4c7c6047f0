import Testing
import TactusCore

@Suite struct OnsetAccuracyTests {
    @Test func pairsNearestFirstWithinTheTolerance() {
        let accuracy = OnsetAccuracy(truth: [100, 200, 300, 400], detected: [103, 198, 205, 520, 290], tolerance: 10)
        #expect(accuracy.errors == [3, -2, -10])
        #expect(accuracy.recall == 0.75)
        #expect(accuracy.precision == 0.6)
        #expect(accuracy.absoluteError(atFraction: 0.5) == 3)
        #expect(accuracy.absoluteError(atFraction: 0.95) == 10)
    }

    @Test func nothingToMatch() {
        let accuracy = OnsetAccuracy(truth: [], detected: [], tolerance: 10)
        #expect(accuracy.recall == 1)
        #expect(accuracy.precision == 1)
        #expect(accuracy.absoluteError(atFraction: 0.5) == nil)
    }
}
