import Testing
@testable import TactusCore

private func timeline(
    bpm: Double, meter: String = "4/4", countIn: Int = 0, changes: [TempoChange] = [], start: Int64 = 0
) throws -> Timeline {
    try Timeline(
        spec: TimelineSpec(tempo: Tempo(bpm: bpm), meter: Meter(parsing: meter)!, countInBars: countIn, changes: changes),
        startFrame: start)
}

private func bbt(_ bar: Int32, _ beat: Int32, _ tick: Int32, barStart: Double, perBar: Double, bpm: Double) -> TransportBBT {
    TransportBBT(
        bar: bar, beat: beat, tick: tick, barStartTick: barStart, beatsPerBar: perBar, beatType: 4, ticksPerBeat: 1920,
        beatsPerMinute: bpm)
}

@Suite struct TransportBBTTests {
    @Test func fourFourAt120PutsEveryBeatOnTickZero() throws {
        let t = try timeline(bpm: 120, countIn: 1, start: 1_000)
        #expect(t.originFrame == 97_000)
        for k in Int64(0)..<40 {
            let expected = bbt(
                Int32(k / 4 + 1), Int32(k % 4 + 1), 0, barStart: Double(k / 4 * 7_680), perBar: 4, bpm: 120)
            #expect(t.transportBBT(atFrame: t.originFrame + 24_000 * k) == expected)
        }
        // A tick is 12.5 frames; tick 1 rounds once, up, to frame 13.
        #expect(t.transportBBT(atFrame: 97_012).tick == 0)
        #expect(t.transportBBT(atFrame: 97_013).tick == 1)
        #expect(t.transportBBT(atFrame: 97_000 + 12_000) == bbt(1, 1, 960, barStart: 0, perBar: 4, bpm: 120))
        #expect(t.transportBBT(atFrame: 96_999) == bbt(0, 4, 1_919, barStart: -7_680, perBar: 4, bpm: 120))
        #expect(t.transportBBT(atFrame: 1_000) == bbt(0, 1, 0, barStart: -7_680, perBar: 4, bpm: 120))
    }

    @Test func sevenEightCountsQuarterNotesAndHalfABeatAtTheEnd() throws {
        // 133 eighths a minute: an eighth is 2880000/133 frames, a quarter
        // note 66.5 a minute; the bar is 3.5 quarter notes.
        let t = try timeline(bpm: 133, meter: "7/8")
        func eighth(_ k: Int64) -> Int64 { t.frame(of: GridPosition(bar: Int(k / 7) + 1, beat: Int(k % 7) + 1), subdivision: 1, swing: nil) }
        #expect(eighth(1) == 21_654)
        #expect(t.transportBBT(atFrame: eighth(1)) == bbt(1, 1, 960, barStart: 0, perBar: 3.5, bpm: 66.5))
        #expect(t.transportBBT(atFrame: eighth(2)) == bbt(1, 2, 0, barStart: 0, perBar: 3.5, bpm: 66.5))
        #expect(t.transportBBT(atFrame: eighth(6)) == bbt(1, 4, 0, barStart: 0, perBar: 3.5, bpm: 66.5))
        #expect(t.transportBBT(atFrame: eighth(7) - 1) == bbt(1, 4, 959, barStart: 0, perBar: 3.5, bpm: 66.5))
        #expect(t.transportBBT(atFrame: eighth(7)) == bbt(2, 1, 0, barStart: 6_720, perBar: 3.5, bpm: 66.5))
        #expect(t.transportBBT(atFrame: eighth(70)) == bbt(11, 1, 0, barStart: 67_200, perBar: 3.5, bpm: 66.5))
    }

    @Test func sixEightBeatsInDottedQuartersAndPublishesThreeQuarterNotes() throws {
        // 60 dotted quarters a minute = 90 quarter notes; a beat is 48000 frames.
        let t = try timeline(bpm: 60, meter: "6/8")
        #expect(t.transportBBT(atFrame: 48_000) == bbt(1, 2, 960, barStart: 0, perBar: 3, bpm: 90))
        #expect(t.transportBBT(atFrame: 96_000) == bbt(2, 1, 0, barStart: 5_760, perBar: 3, bpm: 90))
        #expect(t.transportBBT(atFrame: 96_000 + 32_000) == bbt(2, 2, 0, barStart: 5_760, perBar: 3, bpm: 90))
    }

    @Test func twoTwoCountsTwoQuarterNotesPerBeat() throws {
        let t = try timeline(bpm: 60, meter: "2/2")
        #expect(t.transportBBT(atFrame: 48_000) == bbt(1, 3, 0, barStart: 0, perBar: 4, bpm: 120))
        #expect(t.transportBBT(atFrame: 96_000) == bbt(2, 1, 0, barStart: 7_680, perBar: 4, bpm: 120))
    }

    @Test func aRampPutsEachOfItsBeatsOnTickZeroWithTheTempoOfTheMoment() throws {
        // 120 → 180 over bars 1–2, then 180.
        let t = try timeline(bpm: 120, changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 180), rampBars: 2)])
        for k in 0..<16 {
            let frame = t.frame(of: GridPosition(bar: k / 4 + 1, beat: k % 4 + 1), subdivision: 1, swing: nil)
            let position = t.transportBBT(atFrame: frame)
            #expect(position.bar == Int32(k / 4 + 1) && position.beat == Int32(k % 4 + 1) && position.tick == 0)
            #expect(t.transportBBT(atFrame: frame - 1).beat == Int32((k + 3) % 4 + 1))
        }
        #expect(t.transportBBT(atFrame: 0).beatsPerMinute == 120)
        #expect(Tempo(bpm: t.transportBBT(atFrame: t.frame(ofBar: 2)).beatsPerMinute) == t.tempo(atBar: 2))
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 3)) == bbt(3, 1, 0, barStart: 15_360, perBar: 4, bpm: 180))
    }

    @Test func aMeterChangeKeepsCountingBarStartTicks() throws {
        let t = try timeline(bpm: 120, changes: [TempoChange(bar: 3, meter: Meter(beats: 7, noteValue: 8))])
        // Bars 1–2 of 4/4 (2 × 7680 ticks), bar 3 of 7/8 (6720) at 120 eighths.
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 3)) == bbt(3, 1, 0, barStart: 15_360, perBar: 3.5, bpm: 60))
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 4)) == bbt(4, 1, 0, barStart: 22_080, perBar: 3.5, bpm: 60))
    }

    @Test func aTempoChangeMidBarKeepsTheBarAndItsStartTick() throws {
        // 120 BPM, then 90 from bar 2 beat 3 (six beats in), as the engine splits it.
        let base = try timeline(bpm: 120)
        let next = base.segments[0].continuation(afterBeats: 6, fromMilliBPM: 90_000, toMilliBPM: 90_000, rampBeats: 0)
        let t = base.replacingTail(with: next)
        #expect(next.startWhole == 144_000)
        #expect(t.transportBBT(atFrame: 144_000) == bbt(2, 3, 0, barStart: 7_680, perBar: 4, bpm: 90))
        #expect(t.transportBBT(atFrame: 144_000 + 32_000) == bbt(2, 4, 0, barStart: 7_680, perBar: 4, bpm: 90))
        #expect(t.transportBBT(atFrame: 144_000 + 64_000) == bbt(3, 1, 0, barStart: 15_360, perBar: 4, bpm: 90))
    }
}
