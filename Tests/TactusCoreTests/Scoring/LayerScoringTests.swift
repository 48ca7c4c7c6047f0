import Testing
import TactusTestSupport
@testable import TactusCore

/// Scoring against a click layer (`ScoringSettings.layer`): its clicks are
/// the beats. Frames are worked out by hand from the tempo (thirds of a bar
/// of 96 000 frames) or with `IdealGrid.steadyFrame`, in integers.
@Suite struct LayerScoringTests {
    static func scorer(_ spec: TimelineSpec, startFrame: Int64 = 0, subdivision: Int = 1) throws -> Scorer<Timeline> {
        try Scorer(grid: try Timeline(spec: spec, startFrame: startFrame), settings: ScoringSettings(subdivision: subdivision, layer: 0))
    }

    @Test func threeOverFourScoresEachNoteAgainstItsThirdOfTheBar() throws {
        // 120 BPM 4/4: the three notes of the 3 at 0, 32 000 and 64 000 frames a bar.
        var scorer = try Self.scorer(TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)]))
        let hits = scorer.scoreSnare(at: [48, 32_000 + 480, 64_000 - 96, 96_000, 128_000 + 240])
        #expect(hits.map(\.gridFrame) == [0, 32_000, 64_000, 96_000, 128_000])
        #expect(hits.map(\.offsetMs) == [1, 10, -2, 0, 5])
        #expect(hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2), GridPosition(bar: 1, beat: 3),
            GridPosition(bar: 2, beat: 1), GridPosition(bar: 2, beat: 2),
        ])
        // The main click's beat 3 (48 000) lies half way between two notes of the 3.
        guard case .scored(let between) = scorer.score(InputHit(frame: 144_000, note: 38, velocity: 100, channel: 10)) else {
            Issue.record("a hit between two layer clicks was not scored")
            return
        }
        #expect(between.gridFrame == 128_000)
        #expect(between.offsetMs == 16_000.0 / 48)
        #expect(between.grade == .extra)
    }

    @Test func theNotesNotPlayedAreMissedAtTheLayersFrames() throws {
        var scorer = try Self.scorer(TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)]))
        _ = scorer.scoreSnare(at: [0])
        // Bar 3's first note (192 000) is still to come.
        let progress = scorer.advance(to: 192_000)
        #expect(progress.misses.map(\.frame) == [32_000, 64_000, 96_000, 128_000, 160_000])
        #expect(progress.misses.map(\.position) == [
            GridPosition(bar: 1, beat: 2), GridPosition(bar: 1, beat: 3),
            GridPosition(bar: 2, beat: 1), GridPosition(bar: 2, beat: 2), GridPosition(bar: 2, beat: 3),
        ])
        #expect(progress.completedBars.map(\.frames) == [96_000, 96_000])
    }

    @Test func fiveOverSevenEighthsInHalvesAtAnOddTempo() throws {
        // 7/8 at 97 with a bar of count-in from frame 1 000, five notes a bar,
        // each in two halves: part p of note k of bar b lies (70b + 7(2(k-1) + p-1)) / 10 eighths in.
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), meter: Meter(beats: 7, noteValue: 8), countInBars: 1, layers: [ClickLayer(count: 5)])
        var scorer = try Self.scorer(spec, startFrame: 1_000, subdivision: 2)
        var frames: [Int64] = []
        var positions: [GridPosition] = []
        for bar in 1...6 {
            for note in 1...5 {
                for part in 1...2 {
                    let numerator = Int64(bar) * 70 + Int64(7 * (2 * (note - 1) + part - 1))
                    frames.append(IdealGrid.steadyFrame(origin: 1_000, numerator: numerator, denominator: 10, bpm: 97))
                    positions.append(GridPosition(bar: bar, beat: note, subdivision: part))
                }
            }
        }
        // Each a frame late: 1/48 ms.
        let hits = scorer.scoreSnare(at: frames.map { $0 + 1 })
        #expect(hits.map(\.gridFrame) == frames)
        #expect(hits.map(\.position) == positions)
        #expect(Set(hits.map(\.offsetMs)) == [1.0 / 48])
        // Nothing left out up to bar 7, a tenth of a bar after the last.
        #expect(scorer.advance(to: frames.last! + 4_800).misses.isEmpty)
    }

    @Test func aLayerNotOverTheBarLeavesTheMainClickScored() throws {
        // A layer over the beat has no beats of its own: the main click's are scored.
        var scorer = try Self.scorer(TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3, span: .beat)]))
        let hits = scorer.scoreSnare(at: [24_000 + 48])
        #expect(hits.map(\.gridFrame) == [24_000])
        #expect(hits.map(\.position) == [GridPosition(bar: 1, beat: 2)])
    }

    @Test func theReportNamesTheLayersNotes() throws {
        var settings = ReportSettings(tempo: Tempo(bpm: 120), meter: .fourFour, scoring: ScoringSettings(layer: 0), sampleRate: 48_000)
        settings.layers = [ClickLayer(count: 3)]
        #expect(settings.scoredLayerClicks == 3)
        #expect(Findings.beatName(2, settings: settings) == "the 2nd note of the 3")
        #expect(Findings.beatName(1, settings: settings) == "the 1st note of the 3")
        settings.layers = [ClickLayer(count: 12)]
        #expect(Findings.beatName(11, settings: settings) == "the 11th note of the 12")
        settings.scoring.layer = nil
        #expect(Findings.beatName(2, settings: settings) == "beat 2")
    }
}
