import Testing
@testable import TactusCore

private func master(
    _ bar: Int32, _ beat: Int32, _ tick: Int32, perBar: Double = 3, beatType: Double = 4, bpm: Double = 100
) -> TransportBBT {
    TransportBBT(
        bar: bar, beat: beat, tick: tick, barStartTick: 0, beatsPerBar: perBar, beatType: beatType, ticksPerBeat: 1920,
        beatsPerMinute: bpm)
}

@Suite struct TransportFollowGridTests {
    @Test func threeFourAt100FromBarOneAtFrameZeroIsExact() throws {
        // A beat is 28800 frames; bar 2 beat 3 is beat 5.
        let grid = try TransportFollowGrid(bbt: master(2, 3, 0), transportFrame: 144_000, sampleRate: 48_000)
        #expect(grid == TransportFollowGrid(
            meter: Meter(beats: 3, noteValue: 4), beatUnit: .quarter, tempo: Tempo(bpm: 100), beatInBar: 2,
            anchorWhole: 144_000, anchorFraction: 0, isExact: true, isOnDownbeat: false))
        // Five ticks (15 frames each) and 7 frames later: still that beat, exactly.
        let later = try TransportFollowGrid(bbt: master(2, 3, 5), transportFrame: 144_082, sampleRate: 48_000)
        #expect(later.anchorWhole == 144_000 && later.anchorFraction == 0 && later.isExact)
        let start = try TransportFollowGrid(bbt: master(1, 1, 0), transportFrame: 0, sampleRate: 48_000)
        #expect(start.isOnDownbeat && start.isExact && start.anchorWhole == 0)
    }

    @Test func aMasterWhoseBarOneIsElsewhereIsAnchoredMidTick() throws {
        // Tick 100 of bar 1 at frame 10000: the beat began 100.5 ticks of 15 frames before.
        let grid = try TransportFollowGrid(bbt: master(1, 1, 100), transportFrame: 10_000, sampleRate: 48_000)
        #expect(!grid.isExact)
        #expect(grid.anchorWhole == 8_492 && grid.anchorFraction == 0.5)
        #expect(grid.beatInBar == 0 && !grid.isOnDownbeat)
    }

    @Test func fractionalBarsAreCountedInSmallerNotes() throws {
        // 7/8 at 133 counted in quarter notes (3.5 at 66.5, as tactus published it
        // before it took JACK's convention); beat 2 tick 960 is the fourth eighth.
        let grid = try TransportFollowGrid(
            bbt: master(1, 2, 960, perBar: 3.5, bpm: 66.5), transportFrame: 64_962, sampleRate: 48_000)
        #expect(grid.meter == Meter(beats: 7, noteValue: 8) && grid.beatUnit == .eighth)
        #expect(grid.tempo == Tempo(bpm: 133) && grid.beatInBar == 3 && grid.beatsPerBar == 7)
        // Eighth 3 is 3 · 2880000/133 = 64962.4060… frames from bar 1.
        #expect(grid.isExact && grid.anchorWhole == 64_962 && grid.anchorFraction == Double(54) / 133)
    }

    @Test func everyBeatOfAPublishedTimelineIsFollowedExactly() throws {
        let published = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 133), meter: Meter(beats: 7, noteValue: 8)))
        for beat in Int64(0)..<30 {
            let start = published.segments[0].idealStart(afterBeats: beat)
            let frame = published.segments[0].frame(beatNumerator: beat, denominator: 1) + 5
            let grid = try TransportFollowGrid(bbt: published.transportBBT(atFrame: frame), transportFrame: frame, sampleRate: 48_000)
            #expect(grid.anchorWhole == start.whole && grid.anchorFraction == start.fraction)
            #expect(grid.beatInBar == Int(beat % 7) && grid.isExact)
            #expect(grid.meter == Meter(beats: 7, noteValue: 8) && grid.beatUnit == .eighth && grid.tempo == Tempo(bpm: 133))
        }
    }

    @Test func aCompoundMeterPublishedByTactusIsFollowedInItsOwnBeat() throws {
        // 12/8 at 70 dotted quarters: published as 12 eighths at 210.
        let meter = Meter(beats: 12, noteValue: 8)
        let published = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 70), meter: meter))
        for beat in Int64(0)..<12 {
            let start = published.segments[0].idealStart(afterBeats: beat)
            let frame = published.segments[0].frame(beatNumerator: beat, denominator: 1)
            let bbt = published.transportBBT(atFrame: frame)
            #expect(bbt.beatsPerBar == 12 && bbt.beatType == 8 && bbt.beatsPerMinute == 210 && bbt.beat == Int32(beat % 4 * 3 + 1))
            let grid = try TransportFollowGrid(
                bbt: bbt, transportFrame: frame, sampleRate: 48_000, preferring: (meter, .dottedQuarter))
            #expect(grid.anchorWhole == start.whole && grid.anchorFraction == start.fraction)
            #expect(grid.beatInBar == Int(beat % 4) && grid.tempo == Tempo(bpm: 70) && grid.beatUnit == .dottedQuarter)
        }
    }

    @Test func sixEightFromADawCountsEighthsUnlessDottedQuartersArePreferred() throws {
        let daw = master(1, 1, 0, perBar: 6, beatType: 8, bpm: 180)
        let eighths = try TransportFollowGrid(bbt: daw, transportFrame: 0, sampleRate: 48_000)
        #expect(eighths.meter == Meter(beats: 6, noteValue: 8) && eighths.beatUnit == .eighth && eighths.tempo == Tempo(bpm: 180))
        let sixEight = (meter: Meter(beats: 6, noteValue: 8), beatUnit: BeatUnit.dottedQuarter)
        let dotted = try TransportFollowGrid(bbt: daw, transportFrame: 0, sampleRate: 48_000, preferring: sixEight)
        #expect(dotted.beatUnit == .dottedQuarter && dotted.tempo == Tempo(bpm: 60) && dotted.beatsPerBar == 2)
        // tactus publishes 6/8 at 60 as six eighths at 180; the second dotted quarter is JACK beat 4.
        let published = try TransportFollowGrid(
            bbt: master(1, 4, 0, perBar: 6, beatType: 8, bpm: 180), transportFrame: 48_000, sampleRate: 48_000, preferring: sixEight)
        #expect(published.tempo == Tempo(bpm: 60) && published.beatInBar == 1 && published.anchorWhole == 48_000)
        // A master counting 3/4 at 90 has the same bar: the preference applies too.
        let threeFour = try TransportFollowGrid(
            bbt: master(1, 2, 960, perBar: 3, bpm: 90), transportFrame: 48_000, sampleRate: 48_000, preferring: sixEight)
        #expect(threeFour.tempo == Tempo(bpm: 60) && threeFour.beatInBar == 1 && threeFour.anchorWhole == 48_000)
        // A preference with another bar length is ignored.
        let fourFour = try TransportFollowGrid(
            bbt: master(1, 1, 0), transportFrame: 0, sampleRate: 48_000, preferring: (.fourFour, .quarter))
        #expect(fourFour.meter == Meter(beats: 3, noteValue: 4))
    }

    @Test func anUnsetBeatTypeMeansQuarterNotes() throws {
        let grid = try TransportFollowGrid(bbt: master(1, 1, 0, perBar: 4, beatType: 0, bpm: 120), transportFrame: 0, sampleRate: 48_000)
        #expect(grid.meter == .fourFour && grid.beatUnit == .quarter)
    }

    @Test func positionsThatCannotBeClickedSayWhy() {
        #expect(throws: SettingError(field: "transport master", message: "tempo 0.0 BPM is not a tempo")) {
            try TransportFollowGrid(bbt: master(1, 1, 0, bpm: 0), transportFrame: 0, sampleRate: 48_000)
        }
        #expect(throws: SettingError(field: "transport master", message: "tempo 500 beats of 4 a minute is outside 20–400 BPM")) {
            try TransportFollowGrid(bbt: master(1, 1, 0, bpm: 500), transportFrame: 0, sampleRate: 48_000)
        }
        #expect(throws: SettingError(field: "transport master", message: "0.0 beats per bar is outside 1–32")) {
            try TransportFollowGrid(bbt: master(1, 1, 0, perBar: 0), transportFrame: 0, sampleRate: 48_000)
        }
        #expect(throws: SettingError(field: "transport master", message: "3.3 beats of a 1/4 note is not a bar tactus can click")) {
            try TransportFollowGrid(bbt: master(1, 1, 0, perBar: 3.3), transportFrame: 0, sampleRate: 48_000)
        }
        #expect(SettingError(field: "transport master", message: "x").description == "transport master: x")
    }

    @Test func withoutAMasterTactusLaysItsOwnGridFromTransportFrameZero() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120))
        #expect(TransportFollowGrid(spec: spec, transportFrame: 50_000) == TransportFollowGrid(
            meter: .fourFour, beatUnit: .quarter, tempo: Tempo(bpm: 120), beatInBar: 2, anchorWhole: 48_000,
            anchorFraction: 0, isExact: true, isOnDownbeat: false))
        #expect(TransportFollowGrid(spec: spec, transportFrame: 0).isOnDownbeat)
        #expect(TransportFollowGrid(spec: spec, transportFrame: 96_000).beatInBar == 0)
        let odd = TransportFollowGrid(spec: TimelineSpec(tempo: Tempo(bpm: 97)), transportFrame: 29_691)
        // A beat at 97 BPM is 29690.72 frames, rounded to 29691.
        #expect(odd.beatInBar == 1 && odd.anchorWhole == 29_690 && odd.anchorFraction == Double(70) / 97)
    }
}
