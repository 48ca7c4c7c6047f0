import Testing
import TactusCore

@Suite struct LevelMeterTests {
    @Test func aPeakIsShownAndFallsBackAtItsRate() {
        var meter = LevelMeter(sampleRate: 48_000)
        #expect(meter.levelDb == -90)
        meter.take([0, 0.25, -0.5, 0.125])
        #expect(abs(meter.levelDb - -6.0206) < 0.0001)
        // A tenth of a second of silence: 2 dB lower at 20 dB a second.
        meter.take(repeatElement(0, count: 4_800))
        #expect(abs(meter.levelDb - -8.0206) < 0.0001)
        // A quieter sample than the falling level leaves the fall alone.
        meter.take([0.01])
        #expect(abs(meter.levelDb - -8.0210) < 0.0001)
        // A louder one is shown at once.
        meter.take([1])
        #expect(meter.levelDb == 0)
        // Ten seconds of silence end at the floor, not below.
        meter.take(repeatElement(0, count: 480_000))
        #expect(meter.levelDb == -90)
    }
}
