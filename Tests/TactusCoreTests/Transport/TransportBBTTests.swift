import Testing
@testable import TactusCore

private func timeline(
    bpm: Double, meter: String = "4/4", countIn: Int = 0, changes: [TempoChange] = [], start: Int64 = 0
) throws -> Timeline {
    try Timeline(
        spec: TimelineSpec(tempo: Tempo(bpm: bpm), meter: Meter(parsing: meter)!, countInBars: countIn, changes: changes),
        startFrame: start)
}

private func bbt(
    _ bar: Int32, _ beat: Int32, _ tick: Int32, barStart: Double, perBar: Double, type: Double = 4, bpm: Double
) -> TransportBBT {
    TransportBBT(
        bar: bar, beat: beat, tick: tick, barStartTick: barStart, beatsPerBar: perBar, beatType: type, ticksPerBeat: 1920,
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

    @Test func sevenEightPublishesSevenEighthsAtTheEighthNoteTempo() throws {
        // 133 eighths a minute: an eighth is 2880000/133 frames (21654.1).
        let t = try timeline(bpm: 133, meter: "7/8")
        func eighth(_ k: Int64) -> Int64 { t.frame(of: GridPosition(bar: Int(k / 7) + 1, beat: Int(k % 7) + 1), subdivision: 1, swing: nil) }
        #expect(eighth(1) == 21_654)
        #expect(t.transportBBT(atFrame: 0) == bbt(1, 1, 0, barStart: 0, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(1)) == bbt(1, 2, 0, barStart: 0, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(1) - 1) == bbt(1, 1, 1_919, barStart: 0, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(6)) == bbt(1, 7, 0, barStart: 0, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(7) - 1) == bbt(1, 7, 1_919, barStart: 0, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(7)) == bbt(2, 1, 0, barStart: 13_440, perBar: 7, type: 8, bpm: 133))
        #expect(t.transportBBT(atFrame: eighth(70)) == bbt(11, 1, 0, barStart: 134_400, perBar: 7, type: 8, bpm: 133))
    }

    @Test func sixEightPublishesSixEighthsAndClicksEveryThird() throws {
        // 60 dotted quarters a minute = 180 eighths; a dotted quarter is 48000
        // frames, an eighth 16000.
        let t = try timeline(bpm: 60, meter: "6/8")
        #expect(t.transportBBT(atFrame: 48_000) == bbt(1, 4, 0, barStart: 0, perBar: 6, type: 8, bpm: 180))
        #expect(t.transportBBT(atFrame: 64_000) == bbt(1, 5, 0, barStart: 0, perBar: 6, type: 8, bpm: 180))
        #expect(t.transportBBT(atFrame: 72_000) == bbt(1, 5, 960, barStart: 0, perBar: 6, type: 8, bpm: 180))
        #expect(t.transportBBT(atFrame: 96_000) == bbt(2, 1, 0, barStart: 11_520, perBar: 6, type: 8, bpm: 180))
        #expect(t.transportBBT(atFrame: 96_000 + 32_000) == bbt(2, 3, 0, barStart: 11_520, perBar: 6, type: 8, bpm: 180))
    }

    @Test func twoTwoPublishesTwoHalfNotes() throws {
        let t = try timeline(bpm: 60, meter: "2/2")
        #expect(t.transportBBT(atFrame: 48_000) == bbt(1, 2, 0, barStart: 0, perBar: 2, type: 2, bpm: 60))
        #expect(t.transportBBT(atFrame: 72_000) == bbt(1, 2, 960, barStart: 0, perBar: 2, type: 2, bpm: 60))
        #expect(t.transportBBT(atFrame: 96_000) == bbt(2, 1, 0, barStart: 3_840, perBar: 2, type: 2, bpm: 60))
    }

    @Test func aBeatUnitFinerThanTheMeterSplitsTheJackBeat() throws {
        // 3/4 clicked in eighths at 120: a JACK beat (quarter) is two clicks.
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), meter: Meter(beats: 3, noteValue: 4), beatUnit: .eighth)
        let t = try Timeline(spec: spec, startFrame: 0)
        #expect(t.transportBBT(atFrame: 24_000) == bbt(1, 1, 960, barStart: 0, perBar: 3, bpm: 60))
        #expect(t.transportBBT(atFrame: 48_000) == bbt(1, 2, 0, barStart: 0, perBar: 3, bpm: 60))
        #expect(t.transportBBT(atFrame: 144_000) == bbt(2, 1, 0, barStart: 5_760, perBar: 3, bpm: 60))
    }

    /// Every meter from 2/4 to 15/16, with a count-in and a ramp: each field
    /// in range on every frame sampled, bars and bar start ticks continuous
    /// from one bar to the next, and each click on tick 0 of a JACK beat.
    @Test func everyMeterKeepsEveryFieldInRangeAndBarsContinuous() throws {
        var meters: [Meter] = []
        for noteValue in [2, 4, 8, 16] {
            for beats in 2...15 where !(noteValue == 2 && beats > 4) { meters.append(Meter(beats: beats, noteValue: noteValue)) }
        }
        for meter in meters {
            let t = try timeline(
                bpm: 97, meter: meter.description, countIn: 1,
                changes: [TempoChange(bar: 2, tempo: Tempo(bpm: 131), rampBars: 2), TempoChange(bar: 5, tempo: Tempo(bpm: 83))])
            let unit = meter.defaultBeatUnit
            let perBar = meter.beatsPerBar(in: unit)!
            let jackBeatsPerBeat = unit.numerator * meter.noteValue / unit.denominator
            var previous: TransportBBT?
            for bar in 1...6 {
                let start = t.frame(ofBar: bar)
                let end = t.frame(ofBar: bar + 1)
                for frame in stride(from: start, to: end, by: max(1, Int((end - start) / 97))) {
                    let p = t.transportBBT(atFrame: frame)
                    #expect(p.bar == Int32(bar), "\(meter) bar \(bar) frame \(frame)")
                    #expect(p.beatsPerBar == Double(meter.beats) && p.beatType == Double(meter.noteValue), "\(meter)")
                    #expect(p.beat >= 1 && Double(p.beat) <= p.beatsPerBar, "\(meter) beat \(p.beat)")
                    #expect(p.tick >= 0 && Double(p.tick) < p.ticksPerBeat, "\(meter) tick \(p.tick)")
                    #expect(p.barStartTick == Double((bar - 1) * meter.beats * 1920), "\(meter) bar start \(p.barStartTick)")
                    if let previous {
                        let before = (Double(previous.beat - 1) * 1920 + Double(previous.tick)) + previous.barStartTick
                        let now = (Double(p.beat - 1) * 1920 + Double(p.tick)) + p.barStartTick
                        #expect(now >= before, "\(meter) went back at frame \(frame)")
                    }
                    previous = p
                }
                for beat in 1...perBar {
                    let frame = t.frame(of: GridPosition(bar: bar, beat: beat), subdivision: 1, swing: nil)
                    let p = t.transportBBT(atFrame: frame)
                    #expect(p.beat == Int32((beat - 1) * jackBeatsPerBeat + 1) && p.tick == 0, "\(meter) \(bar).\(beat)")
                }
            }
            // During the count-in: bar 0 at the first meter, ticks before bar 1 negative.
            let countIn = t.transportBBT(atFrame: t.frame(ofBar: 0))
            #expect(countIn.bar == 0 && countIn.beat == 1 && countIn.tick == 0)
            #expect(countIn.barStartTick == Double(-meter.beats * 1920))
        }
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
        // Bars 1–2 of 4/4 (2 × 7680 ticks), bar 3 of 7/8 (7 × 1920) at 120 eighths.
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 3) - 1) == bbt(2, 4, 1_919, barStart: 7_680, perBar: 4, bpm: 120))
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 3)) == bbt(3, 1, 0, barStart: 15_360, perBar: 7, type: 8, bpm: 120))
        #expect(t.transportBBT(atFrame: t.frame(ofBar: 4)) == bbt(4, 1, 0, barStart: 28_800, perBar: 7, type: 8, bpm: 120))
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
