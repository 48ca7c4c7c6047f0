import Testing
@testable import TactusCore

/// The scorer on the real timeline, played by the simulated drummer whose
/// every offset is known to the frame.
@Suite struct TimelineScoringTests {
    @Test func simulatedGrooveScoresToItsKnownOffsets() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 97), countInBars: 1), startFrame: 5_000)
        let notes = SimulatedPlayer(seed: 11).perform(on: timeline, bars: 1...16)
        var scorer = try Scorer(grid: timeline, settings: ScoringSettings(subdivision: 2))
        for note in notes {
            let outcome = scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel)))
            guard case .scored(let hit) = outcome else {
                Issue.record("note at \(note.frame) was not scored: \(outcome)")
                continue
            }
            #expect(hit.position == note.position)
            #expect(hit.offsetMs == Double(note.offsetFrames * 1000) / 48_000)
        }
        _ = scorer.finish(at: timeline.frame(ofBar: 17))

        let offsets = notes.map { Double($0.offsetFrames * 1000) / 48_000 }
        let matched = offsets.filter { abs($0) <= 50 }
        let playedPositions = Set(notes.indices.filter { abs(offsets[$0]) <= 50 }.map { notes[$0].position })
        let summary = scorer.statistics.summary
        #expect(summary.hits == notes.count)
        #expect(summary.matched == matched.count)
        #expect(summary.misses == 16 * 8 - playedPositions.count)
        let mean = try #require(summary.meanOffsetMs)
        #expect(abs(mean - matched.reduce(0, +) / Double(matched.count)) < 1e-9)
        #expect(summary.durationS == Double(timeline.frame(ofBar: 17) - timeline.originFrame) / 48_000)
        for group in scorer.statistics.byBeat {
            let beatOffsets = notes.indices.filter { notes[$0].position.beat == group.key && abs(offsets[$0]) <= 50 }.map { offsets[$0] }
            let beatMean = try #require(group.meanOffsetMs)
            #expect(abs(beatMean - beatOffsets.reduce(0, +) / Double(beatOffsets.count)) < 1e-9)
        }
    }

    @Test func offsetsStayExactThroughATempoRamp() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 100), changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 140), rampBars: 4)])
        let timeline = try Timeline(spec: spec)
        var scorer = try Scorer(grid: timeline, settings: ScoringSettings(subdivision: 4))
        var expected: [Double] = []
        for bar in 1...8 {
            for beat in 1...4 {
                for part in 1...4 {
                    let frames = Int64((bar * 7 + beat * 3 + part) % 41 - 20) * 24   // -20 … +20 half-ms steps
                    let frame = timeline.frame(of: GridPosition(bar: bar, beat: beat, subdivision: part), subdivision: 4, swing: nil)
                    _ = scorer.score(InputHit(frame: frame + frames, note: 42, velocity: 80, channel: 10))
                    expected.append(Double(frames) / 48)
                }
            }
        }
        #expect(scorer.statistics.hits.map(\.offsetMs) == expected)
        #expect(scorer.finish(at: timeline.frame(ofBar: 9)).misses == [])
    }
}
