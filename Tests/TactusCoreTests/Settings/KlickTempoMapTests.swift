import Testing
import TactusCore

@Suite struct KlickTempoMapTests {
    /// klick's manual's example, as far as tactus plays it.
    static let example = """
        intro:    8 120           # play 8 measures at 120 bpm (4/4)
        verse1:   12 120 X.x.     # 12 measures at 120 bpm, playing only the 1st and 3rd beat
                  4 120-140 X.x.  # gradually increase tempo to 140 bpm
        chorus1:  16 140
        bridge:   8 3/4 140 0.5   # change to 3/4 time, reduce volume
                  8 3/4 140       # normal volume again
        verse2:   12 120          # back to 4/4 (implied)
        """

    @Test func theManualsExampleReadsAsKlickPlaysIt() throws {
        let map = try KlickTempoMap(parsing: Self.example)
        #expect(map.entries.map(\.label) == ["intro", "verse1", nil, "chorus1", "bridge", nil, "verse2"])
        #expect(map.entries.map(\.line) == [1, 2, 3, 4, 5, 6, 7])
        #expect(map.entries[2].endTempo == 140)
        #expect(map.entries[4].volume == 0.5)
        let config = try map.config()
        let quarter = BeatUnit.quarter
        let plain = AccentPattern(parsing: "Xxxx")
        #expect(config.bpm == Tempo(milliBPM: 120_000))
        #expect(config.meter == .fourFour)
        #expect(config.beatUnit == quarter)
        #expect(config.accents == plain)
        #expect(config.bars == 68)
        let threeFour = Meter(beats: 3, noteValue: 4)
        #expect(config.tempoMap == [
            TempoChange(bar: 9, tempo: Tempo(milliBPM: 120_000), meter: .fourFour, beatUnit: quarter, accents: AccentPattern(parsing: "X.x.")),
            TempoChange(bar: 21, tempo: Tempo(milliBPM: 140_000), meter: .fourFour, beatUnit: quarter, rampBars: 4, accents: AccentPattern(parsing: "X.x.")),
            TempoChange(bar: 25, tempo: Tempo(milliBPM: 140_000), meter: .fourFour, beatUnit: quarter, accents: plain),
            TempoChange(bar: 41, tempo: Tempo(milliBPM: 140_000), meter: threeFour, beatUnit: quarter, accents: AccentPattern(parsing: "Xxx")),
            TempoChange(bar: 49, tempo: Tempo(milliBPM: 140_000), meter: threeFour, beatUnit: quarter, accents: AccentPattern(parsing: "Xxx")),
            TempoChange(bar: 57, tempo: Tempo(milliBPM: 120_000), meter: .fourFour, beatUnit: quarter, accents: plain),
        ])
        #expect(map.warnings == ["line 5: the volume 0.5 is left out; tactus plays the whole map at one --volume"])
        _ = try config.timelineSpec()
    }

    /// klick counts quarter notes: 6/8 at 100 is eighths at 200, 2/2 at 75 halves at 37.5.
    @Test func tempoCountsQuarterNotesAsInKlick() throws {
        let config = try KlickTempoMap(parsing: "2 6/8 100 X..x..\n1 2/2 75").config()
        #expect(config.bpm == Tempo(milliBPM: 200_000))
        #expect(config.beatUnit == .eighth)
        #expect(config.tempoMap == [
            TempoChange(bar: 3, tempo: Tempo(milliBPM: 37_500), meter: Meter(beats: 2, noteValue: 2), beatUnit: .half,
                        accents: AccentPattern(parsing: "Xx")),
        ])
        let spec = try config.timelineSpec()
        let timeline = try Timeline(spec: spec)
        // Beats of 14 400 frames (0.3 s) for two bars, then halves of 76 800.
        #expect(timeline.frame(ofBar: 2) == 86_400)
        #expect(timeline.frame(ofBar: 3) == 172_800)
        #expect(timeline.frame(ofBar: 4) == 326_400)
    }

    @Test func aRampOnTheFirstLineIsTheRamp() throws {
        let config = try KlickTempoMap(parsing: "4 80-120\n2 120").config()
        #expect(config.bpm == nil)
        #expect(config.ramp == TempoRamp(from: Tempo(milliBPM: 80_000), to: Tempo(milliBPM: 120_000), bars: 4))
        #expect(config.tempoMap?.first?.bar == 5)
    }

    @Test func problemsNameTheLine() {
        func problem(_ text: String) -> String? {
            do {
                _ = try KlickTempoMap(parsing: text).config()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("8 120\n\n0 120") == "line 3: expected '[label:] bars [meter] tempo [pattern] [volume]' with bars a whole number above 0")
        #expect(problem("8 5/3 120") == "line 1: '5/3' is not a meter tactus can play (1–32 beats of 1, 2, 4, 8, 16 or 32)")
        #expect(problem("8") == "line 1: missing the tempo after the bars")
        #expect(problem("8 fast") == "line 1: expected a tempo above 0 like 120, or a ramp like 120-140, got 'fast'")
        #expect(problem("8 120 Xo.x") == "line 1: expected a pattern of X, x and . or a volume, got 'Xo.x'")
        #expect(problem("8 120 Xxxx 1 2") == "line 1: unexpected '2' after the volume")
        #expect(problem("a b: 8 120") == "line 1: expected '[label:] bars [meter] tempo [pattern] [volume]' with bars a whole number above 0")
        #expect(problem("8 100\n4 120-140") == "line 2: the ramp starts at 120 but the line before ends at another tempo; tactus ramps from the tempo in force")
    }

    @Test func jsonIsNotAKlickMap() {
        #expect(!KlickTempoMap.looksLikeOne(Array("  {\"bpm\": 90}".utf8)))
        #expect(KlickTempoMap.looksLikeOne(Array("8 120\n".utf8)))
        #expect(KlickTempoMap.looksLikeOne(Array("# {comment}\n8 120".utf8)))
    }
}
