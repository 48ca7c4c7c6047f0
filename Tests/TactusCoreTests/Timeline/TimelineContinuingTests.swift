import Testing
@testable import TactusCore

@Suite struct TimelineContinuingTests {
    @Test func aPresetTakesOverAtABarLineWithTheBarsCarryingOn() throws {
        let first = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1))
        // Bar 1 at 96000 (one count-in bar of 4 × 24000), bar 3 at 288000.
        let waltz = TimelineSpec(tempo: Tempo(bpm: 90), meter: Meter(beats: 3, noteValue: 4), countInBars: 2)
        let next = try first.continuing(with: waltz, fromBar: 3, at: first.frame(ofBar: 3), soundBank: 2)
        #expect(next.startFrame == 0)
        #expect(next.originFrame == 96_000)
        #expect(next.frame(ofBar: 2) == 192_000)
        #expect(next.frame(ofBar: 3) == 288_000)
        // 90 BPM: 32000 frames a beat, 3 a bar; no count-in of its own.
        #expect(next.frame(ofBar: 4) == 384_000)
        #expect(next.beatsPerBar(bar: 2) == 4)
        #expect(next.beatsPerBar(bar: 3) == 3)
        #expect(next.tempo(atBar: 3) == Tempo(bpm: 90))
        #expect(next.segments.map(\.firstBar) == [0, 1, 3])
        #expect(next.segments.map(\.beatCount) == [4, 8, Int64.max])
        #expect(next.segments.map(\.soundBank) == [0, 0, 2])
        #expect(next.clicks(in: 264_000..<360_000).map(\.frame) == [264_000, 288_000, 320_000, 352_000])
        #expect(next.clicks(in: 264_000..<360_000).map(\.level) == [.beat, .accent, .beat, .beat])
        #expect(next.clockTicks(in: 287_000..<290_000) == [287_000, 288_000, 289_333])
        #expect(next.nearest(to: 320_100, subdivision: 1, swing: nil).position == GridPosition(bar: 3, beat: 2))
    }

    @Test func aFirstStartFromBar1PlaysItsCountInFromTheFrame() throws {
        let waiting = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 2))
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), meter: Meter(beats: 3, noteValue: 4), countInBars: 2)
        let next = try waiting.continuing(with: spec, fromBar: 1, at: 500_000, countIn: true)
        // Two count-in bars of 3 × 24000 from 500000, bar 1 after them; nothing of the old grid kept.
        #expect(next.segments.map(\.firstBar) == [-1, 1])
        #expect(next.frame(ofBar: -1) == 500_000)
        #expect(next.originFrame == 644_000)
        #expect(next.frame(ofBar: 2) == 716_000)
        // Without `countIn` bar 1 is at the frame, as a preset or tap-and-go starts.
        let plain = try waiting.continuing(with: spec, fromBar: 1, at: 500_000)
        #expect(plain.originFrame == 500_000)
    }

    @Test func aMidBarTempoChangeIsCutAtTheBarLine() throws {
        let first = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        // The tempo changed on beat 3 of bar 1 (48000) to 60 BPM: bar 2 at 96000.
        var changed = first.segments[0]
        changed = changed.continuation(afterBeats: 2, fromMilliBPM: 60_000, toMilliBPM: 60_000, rampBeats: 0)
        let split = first.replacingTail(with: changed)
        #expect(split.frame(ofBar: 2) == 144_000)
        let next = try split.continuing(with: TimelineSpec(tempo: Tempo(bpm: 240)), fromBar: 3, at: split.frame(ofBar: 3))
        #expect(next.segments.map(\.beatCount) == [2, 6, Int64.max])
        #expect(next.frame(ofBar: 3) == 336_000)
        #expect(next.frame(ofBar: 4) == 384_000)
    }

    @Test func aFreshStartLeavesAPauseAndKeepsCounting() throws {
        let first = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        let next = try first.continuing(with: TimelineSpec(tempo: Tempo(bpm: 100)), fromBar: 2, at: 515_200)
        #expect(next.frame(ofBar: 1) == 0)
        #expect(next.frame(ofBar: 2) == 515_200)
        #expect(next.frame(ofBar: 3) == 630_400)
        #expect(next.clicks(in: 0..<550_000).map(\.frame) == [0, 24_000, 48_000, 72_000, 515_200, 544_000])
    }

    @Test func aPresetsGapPatternCountsFromItsFirstBar() throws {
        let first = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        let gapped = TimelineSpec(tempo: Tempo(bpm: 120), gap: GapPattern(playBars: 1, muteBars: 2))
        let next = try first.continuing(with: gapped, fromBar: 5, at: first.frame(ofBar: 5))
        #expect((4...9).map { next.isMuted(bar: $0) } == [false, false, true, true, false, true])
        // Bar 5 at 384000 sounds, bars 6 and 7 are silent, bar 8 at 672000 sounds.
        let downbeats = next.clicks(in: 380_000..<700_000).filter { $0.level == .accent }.map(\.frame)
        #expect(downbeats == [384_000, 672_000])
    }

    @Test func aBadPresetGridIsRefusedByField() throws {
        let first = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        #expect(throws: SettingError(field: "bpm", message: "500 is outside 20–400 BPM")) {
            try first.continuing(with: TimelineSpec(tempo: Tempo(bpm: 500)), fromBar: 2, at: 96_000)
        }
    }
}
