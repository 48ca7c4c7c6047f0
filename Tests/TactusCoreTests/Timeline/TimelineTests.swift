import Testing
@testable import TactusCore

/// Round-half-up of n/d for non-negative integers: the reference the timeline must match.
private func roundedDivision(_ n: Int64, _ d: Int64) -> Int64 { (2 * n + d) / (2 * d) }

private func timeline(
    bpm: Double, meter: String = "4/4", rate: Int = 48_000, subdivision: Int = 1, countIn: Int = 0,
    changes: [TempoChange] = [], accents: String? = nil, gap: GapPattern? = nil, start: Int64 = 0
) throws -> Timeline {
    try Timeline(
        spec: TimelineSpec(
            sampleRate: rate, tempo: Tempo(bpm: bpm), meter: Meter(parsing: meter)!, subdivision: subdivision,
            accents: accents.flatMap(AccentPattern.init(parsing:)), countInBars: countIn, changes: changes, gap: gap),
        startFrame: start)
}

@Suite struct TimelineTests {
    @Test func beatsAt97BPMMatchTheExactGridFor10Hours() throws {
        let t = try timeline(bpm: 97)
        // One beat is 48000 · 60 / 97 = 2880000/97 frames; 58200 beats = 10 hours.
        for beat in Int64(0)...58_200 {
            let bar = Int(beat / 4) + 1, inBar = Int(beat % 4) + 1
            let frame = t.frame(of: GridPosition(bar: bar, beat: inBar), subdivision: 1, swing: nil)
            #expect(frame == roundedDivision(beat * 2_880_000, 97))
        }
        #expect(t.frame(ofBar: 2) == 118_763)
        #expect(t.frame(ofBar: 14_551) == 1_728_000_000)
    }

    @Test func fractionalTempoAt44100() throws {
        let t = try timeline(bpm: 97.5, rate: 44_100)
        // 44100 · 60000 / 97500 = 27138.4615… frames a beat.
        #expect(t.frame(of: GridPosition(bar: 1, beat: 2), subdivision: 1, swing: nil) == 27_138)
        #expect(t.frame(of: GridPosition(bar: 1, beat: 3), subdivision: 1, swing: nil) == 54_277)
        let lastBeat: Int64 = 97_500 * 600 / 1000 * 10  // 585000 beats = 100 hours
        let frame = t.frame(of: GridPosition(bar: Int(lastBeat / 4) + 1, beat: 1), subdivision: 1, swing: nil)
        #expect(frame == roundedDivision(lastBeat * 44_100 * 60_000, 97_500))
    }

    @Test func sevenEightCountsEighthNotes() throws {
        let t = try timeline(bpm: 133, meter: "7/8")
        #expect(t.beatsPerBar(bar: 1) == 7)
        // 7 eighths at 133 a minute: 7 · 2880000 / 133 = 151578.95 frames.
        #expect(t.frame(ofBar: 2) == 151_579)
        #expect(t.segments[0].clockTicksPerBeat == 12)
    }

    @Test func compoundMetersBeatInDottedQuarters() throws {
        let t = try timeline(bpm: 60, meter: "6/8")
        #expect(t.beatsPerBar(bar: 1) == 2)
        #expect(t.frame(of: GridPosition(bar: 1, beat: 2), subdivision: 1, swing: nil) == 48_000)
        #expect(t.segments[0].clockTicksPerBeat == 36)
        let twelve = try timeline(bpm: 60, meter: "12/8")
        #expect(twelve.beatsPerBar(bar: 1) == 4)
        #expect(twelve.frame(ofBar: 2) == 192_000)
        // Three eighths per dotted-quarter beat: subdivision 3.
        #expect(twelve.frame(of: GridPosition(bar: 1, beat: 1, subdivision: 2), subdivision: 3, swing: nil) == 16_000)
    }

    @Test func subdivisionsIncludingTripletsAndQuintuplets() throws {
        let t = try timeline(bpm: 97)
        let beat2 = GridPosition(bar: 1, beat: 2, subdivision: 1)
        #expect(t.frame(of: beat2, subdivision: 3, swing: nil) == 29_691)
        // Triplet 2 of beat 1: 2880000/(97·3) = 9896.907 → 9897.
        #expect(t.frame(of: GridPosition(bar: 1, beat: 1, subdivision: 2), subdivision: 3, swing: nil) == 9_897)
        // Quintuplet 3 of beat 2: (5 + 2) · 2880000 / (97 · 5) = 41567.01 → 41567.
        #expect(t.frame(of: GridPosition(bar: 1, beat: 2, subdivision: 3), subdivision: 5, swing: nil) == 41_567)
        // 32nd-ish: eighth subdivision 8 of beat 1: 7 · 2880000 / 776 = 25979.38 → 25979.
        #expect(t.frame(of: GridPosition(bar: 1, beat: 1, subdivision: 8), subdivision: 8, swing: nil) == 25_979)
    }

    @Test func countInPutsTheOriginAfterIt() throws {
        let t = try timeline(bpm: 120, countIn: 2, start: 1_000)
        // Two bars of 4/4 at 120 = 4 s = 192000 frames.
        #expect(t.startFrame == 1_000)
        #expect(t.originFrame == 193_000)
        #expect(t.frame(ofBar: 0) == 97_000)
        #expect(t.frame(ofBar: -1) == 1_000)
        #expect(t.isCountIn(bar: 0))
        #expect(!t.isCountIn(bar: 1))
    }

    @Test func tempoChangeAtABarLine() throws {
        let t = try timeline(bpm: 120, changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 90), meter: Meter(parsing: "3/4"))])
        #expect(t.frame(ofBar: 3) == 192_000)
        #expect(t.beatsPerBar(bar: 3) == 3)
        // 90 BPM: 32000 frames a beat, 3 beats a bar.
        #expect(t.frame(ofBar: 4) == 288_000)
        #expect(t.frame(of: GridPosition(bar: 5, beat: 2), subdivision: 1, swing: nil) == 416_000)
    }

    @Test func fractionalSegmentStartsStayExact() throws {
        // Bar 2 of 97 BPM starts at 118762.886…; the next segment continues from
        // the exact value, not the rounded one.
        let t = try timeline(bpm: 97, changes: [TempoChange(bar: 2, tempo: Tempo(bpm: 97))])
        for beat in Int64(0)..<400 {
            let frame = t.frame(of: GridPosition(bar: Int(beat / 4) + 1, beat: Int(beat % 4) + 1), subdivision: 1, swing: nil)
            #expect(frame == roundedDivision(beat * 2_880_000, 97))
        }
    }

    @Test func rampFollowsTheClosedForm() throws {
        // 60 → 180 BPM over 4 bars of 4/4, linear in time: it lasts 2·16·60/(60+180) = 8 s
        // and beat b falls at t = 4(√(1 + b/2) − 1) s.
        let t = try timeline(bpm: 60, changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 180), rampBars: 4)])
        #expect(t.frame(ofBar: 5) == 384_000)
        #expect(t.frame(of: GridPosition(bar: 2, beat: 3), subdivision: 1, swing: nil) == 192_000)
        #expect(t.frame(of: GridPosition(bar: 1, beat: 3, subdivision: 2), subdivision: 2, swing: nil) == 96_000)
        for beat in 0..<16 {
            let seconds = 4 * ((1 + Double(beat) / 2).squareRoot() - 1)
            let frame = t.frame(of: GridPosition(bar: beat / 4 + 1, beat: beat % 4 + 1), subdivision: 1, swing: nil)
            #expect(abs(Double(frame) - seconds * 48_000) <= 0.5)
        }
        // After the ramp: 180 BPM steady, 16000 frames a beat.
        #expect(t.frame(ofBar: 6) == 448_000)
        #expect(t.tempo(atBar: 5) == Tempo(bpm: 180))
        // Halfway through by beats is past halfway in time: 60·√5 BPM.
        #expect(t.tempo(atBar: 3) == Tempo(milliBPM: 134_164))
    }

    @Test func clicksCarryLevelsAndSkipSilentAndMutedPulses() throws {
        let t = try timeline(bpm: 120, subdivision: 2, accents: "Xo.x", gap: GapPattern(playBars: 1, muteBars: 1))
        let clicks = t.clicks(in: 0..<(3 * 96_000))
        let summary = clicks.map { "\($0.frame):\($0.position):\($0.level)" }
        #expect(summary == [
            "0:1.1.1:accent", "12000:1.1.2:subdivision", "24000:1.2.1:soft", "36000:1.2.2:subdivision",
            "60000:1.3.2:subdivision", "72000:1.4.1:beat", "84000:1.4.2:subdivision",
            "192000:3.1.1:accent", "204000:3.1.2:subdivision", "216000:3.2.1:soft", "228000:3.2.2:subdivision",
            "252000:3.3.2:subdivision", "264000:3.4.1:beat", "276000:3.4.2:subdivision",
        ])
    }

    @Test func perPulseAccentPattern() throws {
        let t = try timeline(bpm: 120, meter: "2/4", subdivision: 2, accents: "X.xo")
        let levels = t.clicks(in: 0..<48_000).map { "\($0.frame):\($0.level)" }
        #expect(levels == ["0:accent", "24000:beat", "36000:soft"])
    }

    @Test func clockTicksCount24PerQuarter() throws {
        let t = try timeline(bpm: 120)
        let ticks = t.clockTicks(in: 0..<24_000)
        #expect(ticks.count == 24)
        #expect(ticks.prefix(3) == [0, 1_000, 2_000])
        let eighths = try timeline(bpm: 120, meter: "7/8")
        // 7/8 at 120 eighths a minute: a quarter lasts 48000 frames, a tick 2000.
        #expect(eighths.clockTicks(in: 0..<6_001) == [0, 2_000, 4_000, 6_000])
        // 97 BPM: ticks at round(n · 120000/97).
        let odd = try timeline(bpm: 97)
        let frames = odd.clockTicks(in: 0..<2_880_000)
        #expect(frames.count == 97 * 24)
        for (n, frame) in frames.enumerated() {
            #expect(frame == roundedDivision(Int64(n) * 120_000, 97))
        }
    }

    @Test func clicksAcrossARangeBoundaryAreNeitherLostNorRepeated() throws {
        let t = try timeline(bpm: 97, subdivision: 4, changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 140), rampBars: 2)])
        let whole = t.clicks(in: 0..<1_000_000)
        var pieces: [ClickEvent] = []
        var start: Int64 = 0
        while start < 1_000_000 {
            pieces += t.clicks(in: start..<min(start + 64, 1_000_000))
            start += 64
        }
        #expect(pieces == whole)
        #expect(whole.count > 100)
    }

    @Test func nearestFindsTheClosestPositionAndOffset() throws {
        let t = try timeline(bpm: 120, subdivision: 1)
        // A beat is 24000 frames; 16ths are 6000.
        #expect(t.nearest(to: 24_480, subdivision: 1, swing: nil)
            == GridMatch(position: GridPosition(bar: 1, beat: 2), frame: 24_000, offsetFrames: 480))
        #expect(t.nearest(to: 95_900, subdivision: 1, swing: nil)
            == GridMatch(position: GridPosition(bar: 2, beat: 1), frame: 96_000, offsetFrames: -100))
        #expect(t.nearest(to: 17_900, subdivision: 4, swing: nil)
            == GridMatch(position: GridPosition(bar: 1, beat: 1, subdivision: 4), frame: 18_000, offsetFrames: -100))
        #expect(t.nearest(to: -100, subdivision: 1, swing: nil)
            == GridMatch(position: GridPosition(bar: 1, beat: 1), frame: 0, offsetFrames: -100))
    }

    @Test func nearestWithSwingUsesTheLongShortSplit() throws {
        let t = try timeline(bpm: 120)
        // Triplet swing: the off-beat sits 2/3 through the beat, at 16000.
        #expect(t.nearest(to: 15_000, subdivision: 2, swing: .triplet)
            == GridMatch(position: GridPosition(bar: 1, beat: 1, subdivision: 2), frame: 16_000, offsetFrames: -1_000))
        #expect(t.nearest(to: 21_000, subdivision: 2, swing: .triplet)
            == GridMatch(position: GridPosition(bar: 1, beat: 2, subdivision: 1), frame: 24_000, offsetFrames: -3_000))
    }

    @Test func nearestAcrossAMeterChange() throws {
        let t = try timeline(bpm: 120, changes: [TempoChange(bar: 2, tempo: Tempo(bpm: 60), meter: Meter(parsing: "3/4"))])
        // Bar 2 starts at 96000; 60 BPM beats are 48000 frames.
        #expect(t.nearest(to: 95_000, subdivision: 1, swing: nil).position == GridPosition(bar: 2, beat: 1))
        #expect(t.nearest(to: 96_000 + 3 * 48_000 - 10, subdivision: 1, swing: nil)
            == GridMatch(position: GridPosition(bar: 3, beat: 1), frame: 240_000, offsetFrames: -10))
    }

    @Test func badSettingsNameTheirField() {
        #expect(throws: SettingError(field: "bpm", message: "401 is outside 20–400 BPM")) { try timeline(bpm: 401) }
        #expect(throws: SettingError(field: "subdivision", message: "must be 1, 2, 3, 4, 5, 6 or 8, got 7")) {
            try timeline(bpm: 100, subdivision: 7)
        }
        #expect(throws: SettingError(field: "changes[1].bar", message: "4 must be at or after bar 5, where the previous change ends")) {
            try timeline(bpm: 100, changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 120), rampBars: 4), TempoChange(bar: 4, tempo: Tempo(bpm: 90))])
        }
        #expect(throws: SettingError(field: "changes[0].bpm", message: "a ramp needs the tempo it ramps to")) {
            try timeline(bpm: 100, changes: [TempoChange(bar: 2, rampBars: 4)])
        }
        #expect(throws: SettingError(field: "sampleRate", message: "100 is outside 8000–384000 Hz")) {
            try timeline(bpm: 100, rate: 100)
        }
    }

    @Test func squareRootIsExactOnPerfectSquares() {
        for n in 1...10_000 {
            #expect(exactSquareRoot(Double(n * n)) == Double(n))
        }
        #expect(abs(exactSquareRoot(2) - 2.0.squareRoot()) <= 2.0.squareRoot().ulp)
        #expect(exactSquareRoot(0) == 0)
    }
}

@Suite struct TimelineChangeTests {
    @Test func aTempoChangeOnTheNextBeatStartsMidBar() throws {
        let t = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        // Change to 60 BPM from beat 3 of bar 1 (frame 48000).
        let next = t.segments[0].continuation(afterBeats: 2, fromMilliBPM: 60_000, toMilliBPM: 60_000, rampBeats: 0)
        #expect(next.firstBar == 1 && next.firstBeatInBar == 2 && next.startWhole == 48_000)
        let changed = t.replacingTail(with: next)
        #expect(changed.frame(of: GridPosition(bar: 1, beat: 2), subdivision: 1, swing: nil) == 24_000)
        #expect(changed.frame(of: GridPosition(bar: 1, beat: 4), subdivision: 1, swing: nil) == 96_000)
        #expect(changed.frame(ofBar: 2) == 144_000)
        #expect(changed.clicks(in: 0..<150_000).map(\.frame) == [0, 24_000, 48_000, 96_000, 144_000])
        #expect(changed.clicks(in: 0..<150_000).map(\.position.beat) == [1, 2, 3, 4, 1])
        #expect(changed.nearest(to: 100_000, subdivision: 1, swing: nil).position == GridPosition(bar: 1, beat: 4))
    }

    @Test func aChangeFromAFractionalPositionKeepsTheExactStart() throws {
        let t = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 97)))
        let start = t.segments[0].idealStart(afterBeats: 1)
        // 2880000/97 = 29690 + 70/97.
        #expect(start.whole == 29_690)
        #expect(abs(start.fraction - 70.0 / 97.0) < 1e-12)
        let ramp = t.segments[0].continuation(afterBeats: 4, fromMilliBPM: 97_000, toMilliBPM: 194_000, rampBeats: 8)
        let changed = t.replacingTail(with: ramp)
        #expect(changed.segments.count == 3)
        #expect(changed.segments[2].startMilliBPM == 194_000)
        // Bar 2 is where the ramp starts: 4 · 2880000/97 = 118762.89 → 118763.
        #expect(changed.frame(ofBar: 2) == 118_763)
    }
}

@Suite struct TimelineSegmentIndexTests {
    /// The last segment starting at or before beat `beat` of `bar`, else the first: by looking at each.
    static func scanned(_ t: Timeline, bar: Int, beat: Int) -> Int {
        t.segments.indices.last { (t.segments[$0].firstBar, t.segments[$0].firstBeatInBar) <= (bar, beat - 1) } ?? 0
    }

    @Test func theSegmentOfAPositionIsFoundHoweverTheSegmentsAreSpread() throws {
        var t = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 97)))
        let template = t.segments[0]
        var random = SplitMix64(seed: 17)
        for trial in 0..<60 {
            // Segments every few beats, evenly or not, some sharing a bar.
            var starts: [(bar: Int, beat: Int)] = [(-2 + trial % 3, 0)]
            for _ in 0..<(trial % 7 == 0 ? 0 : random.below(300)) {
                let last = starts[starts.count - 1]
                let beats = last.bar * 4 + last.beat + 1 + (trial % 2 == 0 ? 3 : random.below(trial % 5 == 0 ? 200 : 9))
                starts.append((beats / 4, beats % 4))
            }
            t.segments = starts.map { start in
                var segment = template
                segment.firstBar = start.bar
                segment.firstBeatInBar = start.beat
                return segment
            }
            let lastBar = starts[starts.count - 1].bar
            for bar in (starts[0].bar - 3)...(lastBar + 3) {
                for beat in 1...4 {
                    #expect(t.segmentIndex(bar: bar, beat: beat) == Self.scanned(t, bar: bar, beat: beat), "trial \(trial), \(bar).\(beat)")
                }
            }
        }
    }
}
