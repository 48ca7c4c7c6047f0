import Testing
import TactusCore

struct TempoCurveTests {
    @Test func theTempoGoesEvenlyBeatByBeatAndStepsAtABarGivenTwice() {
        let curve = TempoCurve([
            TempoCurve.Point(bar: 1, bpm: 100), TempoCurve.Point(bar: 3, bpm: 120),
            TempoCurve.Point(bar: 5, bpm: 120), TempoCurve.Point(bar: 5, bpm: 90),
        ])
        // Bar 3 is beat 8 in 4/4: 100 + 20 × 4/8 at beat 4.
        #expect([0, 4, 8, 15, 16, 99].map { curve.bpm(atBeat: $0, beatsPerBar: 4) } == [100, 110, 120, 120, 90, 90])
        // 100 BPM is 28 800 frames a beat at 48 kHz; beat 1 goes at 102.5.
        let frames = curve.beatFrames(count: 3, beatsPerBar: 4, sampleRate: 48_000, origin: 1000)
        #expect(frames[0] == 1000 && frames[1] == 29_800)
        #expect(abs(frames[2] - (29_800 + 48_000 * 60 / 102.5)) < 1e-9)
    }

    @Test func pointsParseAsBarColonTempo() {
        #expect(TempoCurve.Point(parsing: "17:110") == TempoCurve.Point(bar: 17, bpm: 110))
        #expect(TempoCurve.Point(parsing: "0:110") == nil)
        #expect(TempoCurve.Point(parsing: "3:401") == nil)
        #expect(TempoCurve.Point(parsing: "3") == nil)
    }
}
