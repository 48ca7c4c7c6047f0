import Testing
@testable import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// The live audio path without JACK: a take's samples go into the offline
/// driver's audio input, through the ring in blocks as the process callback
/// puts them, and the session control takes them (its detector, the click
/// gate, the scoring) as `tactus run` hands them over.
@Suite struct SessionControlAudioTests {
    static let rate = 48_000
    static let start: Int64 = 48_000
    /// Offsets from the eighths of bars 1 and 2 at 120 BPM, in frames; the
    /// seventh is 45 ms late, near the end of the 50 ms ok window.
    static let offsets: [Int64] = [0, 48, -96, 240, -240, 12, 2_160, -30, 96, 0, -480, 144, 24, -12, 360, -200]

    /// The take: a second of silence from frame 0, then a snare on each
    /// eighth of bars 1 and 2 at its offset.
    static let strokes = offsets.enumerated().map { index, offset in
        SynthesizedStroke(frame: start + Int64(index) * 12_000 + offset, voice: .snare, gain: 0.6)
    }
    static let take = StrokeSynthesizer(sampleRate: rate, room: 0, noiseDb: nil, seed: 9).render(strokes, frameCount: 6 * rate)

    /// Plays the take through a two-bar session in cycles of `period`
    /// frames and scores it, settling up to `settle(cycle end, control)`
    /// after each cycle.
    static func score(period: Int, settle: @escaping (Int64, SessionControl) -> Int64?) throws -> SessionControl {
        let audio = SessionAudio(sources: [0], detector: try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: rate)))
        var rig = try SessionRig(
            spec: TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2), bars: 2, start: start, audio: audio, period: period)
        rig.settle = settle
        rig.run(until: Int64(take.count), audio: take)
        #expect(rig.driver.lostAudio == 0)
        return rig.control
    }

    @Test func strokesFoundLateAreScoredAtTheirOwnFrames() throws {
        for period in [64, 256, 1024] {
            let control = try Self.score(period: period) { end, control in control.scoredThrough(end) }
            let hits = control.scorer.statistics.hits
            // The strokes the detector finds in the whole take at once (each
            // within 2 frames of the synthesised one), each at its offset from
            // its eighth.
            var detector = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: Self.rate))
            let found = detector.process(Self.take) + detector.finish()
            let errors = zip(found, Self.strokes).map { abs($0.frame - $1.frame) }
            #expect(found.count == 16)
            #expect(errors.max() == 2)
            #expect(hits.map(\.frame) == found.map(\.frame), "period \(period)")
            #expect(hits.map(\.levelDb) == found.map(\.levelDb), "period \(period)")
            let eighths = (0..<16).map { Self.start + Int64($0) * 12_000 }
            #expect(hits.map(\.offsetMs) == zip(found, eighths).map { Double($0.frame - $1) / 48 }, "period \(period)")
            #expect(hits.filter { !$0.isAudio }.isEmpty)
            #expect(control.scorer.statistics.misses.isEmpty, "period \(period)")
        }
    }

    @Test func settlingUpToTheCycleEndWouldMissThem() throws {
        // The late stroke is reported after the ok window of its position
        // closed: scored, but its position already missed.
        let control = try Self.score(period: 64) { end, _ in end }
        #expect(control.scorer.statistics.hits.count == 16)
        #expect(control.scorer.statistics.misses.map(\.frame) == [Self.start + 6 * 12_000])
    }
}

/// A group session's player on audio: their strokes scored for them alone,
/// and for the session's headline figures.
@Suite struct PlayerScoringAudioTests {
    @Test func strokesAreScoredForTheirPlayer() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2), startFrame: 48_000)
        let scoring = ScoringSettings(subdivision: 2)
        var control = try SessionControl(
            timeline: timeline, scoring: scoring,
            players: try PlayerScoring(
                names: ["keys", "kit"], ports: ["a2j:.*", "audio:system:capture_1"], grid: timeline, settings: [scoring, scoring]))
        let strokes = [DetectedStroke(frame: 48_000 + 96, levelDb: -6.5), DetectedStroke(frame: 60_000 - 48, levelDb: -20)]
        let step = control.handle(strokes: strokes, source: 1)
        let scored = step.playerHits
        #expect(scored.map(\.player) == [1, 1])
        #expect(scored.map(\.hit.offsetMs) == [2, -1])
        #expect(scored.map(\.hit.levelDb) == [-6.5, -20])
        #expect(scored.map(\.hit.isAudio) == [true, true])
        #expect(step.hits == scored.map(\.hit))
        let players = control.players.players
        #expect(players[0].scorer.statistics.hits.isEmpty)
        #expect(players[1].scorer.statistics.hits == scored.map(\.hit))
        #expect(control.handle(strokes: strokes, source: 2).playerHits.isEmpty)
    }
}
