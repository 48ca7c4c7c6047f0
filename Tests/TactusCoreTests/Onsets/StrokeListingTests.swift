import Testing
@testable import TactusCore

@Suite struct StrokeListingTests {
    @Test func eachStrokeGetsItsTimeLevelAndGap() {
        var listing = StrokeListing(sampleRate: 48_000)
        listing.begin(at: 1_000)
        #expect(listing.line(for: DetectedStroke(frame: 61_000, levelDb: -12.4))
            == "   1.250 s   -12.4 dBFS  [###############-----]  first")
        #expect(listing.line(for: DetectedStroke(frame: 85_000, levelDb: -0.5))
            == "   1.750 s    -0.5 dBFS  [###################-]  +500 ms  near 0 dBFS: lower the gain")
        // 1000 frames after the one before: 20.8 ms.
        #expect(listing.line(for: DetectedStroke(frame: 86_000, levelDb: -63))
            == "   1.771 s   -63.0 dBFS  [--------------------]  +21 ms")
        #expect(listing.count == 3)
        #expect(listing.summary(seconds: 2, inputPeakDb: -0.2) == "3 strokes in 2.0 s, from -63.0 to -0.5 dBFS")
    }

    @Test func theFirstStrokeHeardIsTheOriginWhenNothingCameBefore() {
        var listing = StrokeListing(sampleRate: 44_100)
        #expect(listing.line(for: DetectedStroke(frame: 5_000, levelDb: -30)) == "   0.000 s   -30.0 dBFS  [##########----------]  first")
        #expect(listing.origin == 5_000)
        #expect(listing.summary(seconds: 12.25, inputPeakDb: -30) == "1 stroke in 12.3 s, at -30.0 dBFS")
    }

    @Test func withoutStrokesTheSummarySaysWhatToLookAt() {
        let listing = StrokeListing(sampleRate: 48_000)
        #expect(listing.summary(seconds: 5, inputPeakDb: -90)
            == "no stroke in 5.0 s; the input peaked at -90.0 dBFS: is the instrument connected, and the interface's gain up?")
        #expect(listing.summary(seconds: 5, inputPeakDb: -40)
            == "no stroke in 5.0 s; the input peaked at -40.0 dBFS: raise --sensitivity to find softer strokes")
    }

    @Test func theInputLineSharesTheLiveViewsMeter() {
        #expect(StrokeListing.inputLine(-23) == "input  -23.0 dBFS  [############--------]")
        #expect(StrokeListing.inputLine(0) == "input    0.0 dBFS  [####################]")
        #expect(StrokeListing.inputLine(-90) == "input  -90.0 dBFS  [--------------------]")
        #expect(LevelMeter.filledCells(-60) == 0)
        #expect(LevelMeter.filledCells(-57) == 1)
        #expect(LevelMeter.filledCells(-3.01) == 18)
        #expect(LevelMeter.filledCells(6) == 20)
    }
}
