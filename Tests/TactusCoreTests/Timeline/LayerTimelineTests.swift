import Testing
import TactusTestSupport
@testable import TactusCore

/// A click layer's clicks against an exact calculation that does not use the
/// timeline's segments (`IdealGrid`): whole numbers worked out from the
/// tempo, or, under a ramp, the ideal time in closed form.
@Suite struct LayerTimelineTests {
    @Test func threeAgainstFourFallOnThirdsOfTheBar() throws {
        // 120 BPM 4/4: a bar is 96 000 frames, so thirds are 32 000 apart.
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)]))
        let clicks = timeline.layerClicks(0, in: 0..<192_000)
        #expect(clicks.map(\.frame) == [0, 32_000, 64_000, 96_000, 128_000, 160_000])
        #expect(clicks.map(\.note) == [1, 2, 3, 1, 2, 3])
        #expect(clicks.map(\.beat) == [1, 2, 3, 1, 2, 3])   // 0, 1⅓ and 2⅔ beats in
        #expect(clicks.map(\.bar) == [1, 1, 1, 2, 2, 2])
        #expect(clicks.map(\.level) == [.accent, .beat, .beat, .accent, .beat, .beat])
        // The main click is as it was.
        let plain = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        #expect(timeline.clicks(in: 0..<192_000) == plain.clicks(in: 0..<192_000))
    }

    @Test func fiveOverABarOfSevenEighthsAtAnOddTempo() throws {
        // 7/8 at 97 eighths a minute, a bar of count-in, five clicks a bar:
        // click k of bar b lies (7b + 7k/5) eighths after the count-in's downbeat.
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), meter: Meter(beats: 7, noteValue: 8), countInBars: 1, layers: [ClickLayer(count: 5)])
        let timeline = try Timeline(spec: spec, startFrame: 1_000)
        let clicks = timeline.layerClicks(0, in: 0..<timeline.frame(ofBar: 41))
        var expected: [Int64] = []
        for bar in 1...40 {
            for k in 0..<5 {
                expected.append(IdealGrid.steadyFrame(origin: 1_000, numerator: Int64(bar) * 35 + Int64(k) * 7, denominator: 5, bpm: 97))
            }
        }
        #expect(clicks.count == 200)
        #expect(clicks.map(\.frame) == expected)
        #expect(clicks.first?.bar == 1)   // the count-in has no layer
    }

    @Test func nPerBeatIsASubdivisionOfItsOwn() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 90), layers: [ClickLayer(count: 3, span: .beat, accents: AccentPattern(parsing: "xoo"))])
        let timeline = try Timeline(spec: spec)
        let clicks = timeline.layerClicks(0, in: 0..<timeline.frame(ofBar: 3))
        let expected = (0..<24).map { IdealGrid.steadyFrame(origin: 0, numerator: Int64($0), denominator: 3, bpm: 90) }
        #expect(clicks.map(\.frame) == expected)
        #expect(clicks.prefix(6).map(\.level) == [.beat, .soft, .soft, .beat, .soft, .soft])
        #expect(clicks.prefix(6).map(\.note) == [1, 2, 3, 1, 2, 3])
        #expect(clicks.prefix(6).map(\.beat) == [1, 1, 1, 2, 2, 2])
    }

    @Test func aMeterChangeStartsTheLayerOnItsNewBars() throws {
        // 4/4 at 120 for two bars, then 3/4: two clicks a bar, half a bar apart.
        let spec = TimelineSpec(
            tempo: Tempo(bpm: 120), changes: [TempoChange(bar: 3, meter: Meter(beats: 3, noteValue: 4))], layers: [ClickLayer(count: 2)])
        let timeline = try Timeline(spec: spec)
        let clicks = timeline.layerClicks(0, in: 0..<timeline.frame(ofBar: 5))
        // Bars 1–2: 0, 48 000, 96 000, 144 000; bars 3–4 of 72 000 frames: 192 000, 228 000, 264 000, 300 000.
        #expect(clicks.map(\.frame) == [0, 48_000, 96_000, 144_000, 192_000, 228_000, 264_000, 300_000])
        #expect(clicks.map(\.bar) == [1, 1, 2, 2, 3, 3, 4, 4])
    }

    /// Under a ramp every click lies within half a frame of its ideal time
    /// (the ramp linear in time, in closed form: `IdealGrid.rampFrames`).
    @Test func underARampEachClickIsWithinHalfAFrameOfTheIdeal() throws {
        // 80 → 140 BPM over 16 bars of 4/4, three clicks a bar.
        let spec = TimelineSpec(tempo: Tempo(bpm: 80), changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 140), rampBars: 16)], layers: [ClickLayer(count: 3)])
        let timeline = try Timeline(spec: spec)
        let clicks = timeline.layerClicks(0, in: 0..<timeline.frame(ofBar: 17))
        #expect(clicks.count == 48)
        for (index, click) in clicks.enumerated() {
            let ideal = IdealGrid.rampFrames(beats: Double(index) * 4 / 3, from: 80, to: 140, over: 64)
            #expect(abs(Double(click.frame) - ideal) <= 0.5 + 1e-6, "click \(index): \(click.frame) against \(ideal)")
        }
    }

    @Test func aGapBarHasNoLayerEither() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), gap: GapPattern(playBars: 1, muteBars: 1), layers: [ClickLayer(count: 3)])
        let timeline = try Timeline(spec: spec)
        #expect(timeline.layerClicks(0, in: 0..<timeline.frame(ofBar: 5)).map(\.bar) == [1, 1, 1, 3, 3, 3])
    }

    @Test func layersAreChecked() {
        #expect(throws: SettingError.self) { try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 17)])) }
        #expect(throws: SettingError.self) { try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), layers: Array(repeating: ClickLayer(count: 3), count: 5))) }
    }
}
