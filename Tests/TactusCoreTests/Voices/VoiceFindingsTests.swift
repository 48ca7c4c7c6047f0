import Testing
@testable import TactusCore

/// Findings about the kit, on takes whose truth is worked out by hand.
@Suite struct VoiceFindingsTests {
    /// `bars` bars of 4/4 at 120 BPM (a beat is 24 000 frames), scored in
    /// `subdivision` parts: at each position, the notes `play` gives with
    /// their offsets in ms, all on channel 10.
    static func hits(bars: Int, subdivision: Int, play: (GridPosition) -> [(note: Int, ms: Double)]) -> [ScoredHit] {
        var hits: [ScoredHit] = []
        for bar in 1...bars {
            for beat in 1...4 {
                for part in 1...subdivision {
                    let position = GridPosition(bar: bar, beat: beat, subdivision: part)
                    let gridFrame = Int64(((bar - 1) * 4 + beat - 1) * 24_000 + (part - 1) * 24_000 / subdivision)
                    for (note, ms) in play(position) {
                        let frame = gridFrame + Int64((ms * 48).rounded())
                        hits.append(ScoredHit(
                            frame: frame, gridFrame: gridFrame, timeS: Double(frame) / 48_000, position: position, offsetMs: ms,
                            note: note, velocity: 100, channel: 10, grade: .good))
                    }
                }
            }
        }
        return hits
    }

    static func settings(subdivision: Int) -> ReportSettings {
        ReportSettings(tempo: Tempo(bpm: 120), meter: .fourFour, scoring: ScoringSettings(subdivision: subdivision), sampleRate: 48_000)
    }

    /// Hi-hat 8ths on time, kick on 1 and 3 10 ms late, snare on 2 and 4 on
    /// time, 16 bars. Within the beats, the kick is 10 ms behind the hat and
    /// the snare with it; weighted by their 32, 64 and 32 hits there the
    /// effects sum to zero: hat = snare = −10·32/128 = −2.5 ms, kick +7.5 ms.
    /// Counted by position as before voices, beats 1 and 3 (the kick and the
    /// hat averaged: 5 ms) stood 3.75 ms behind the take's 1.25: two claims
    /// for one late foot. Now the kick is named and no beat is.
    @Test func aLateKickIsTheKickNotBeatsOneAndThree() throws {
        let hits = Self.hits(bars: 16, subdivision: 2) { position in
            var notes: [(Int, Double)] = [(42, 0)]
            if position.subdivision == 1 { notes.append(position.beat % 2 == 1 ? (36, 10) : (38, 0)) }
            return notes
        }
        let findings = Findings.of(settings: Self.settings(subdivision: 2), hits: hits)
        #expect(findings.map(\.kind) == [.voice, .consistency])
        let kick = try #require(findings.first)
        #expect(kick.voice == "kick")
        #expect(kick.direction == .late)
        #expect(abs(kick.estimate - 7.5) < 1e-9)
        #expect(kick.n == 32)
        #expect(kick.text == "the kick drags: 7.5 ms behind your average, beats and positions aside (95 %: 7.5 to 7.5 ms, 32 hits)")
    }

    /// Kick on every beat on time, a crash with it on 1 4 ms early, 16 bars.
    /// Within beat 1 the kick is 4 ms behind the crash: effects +2 and −2 ms,
    /// each under the 3 ms that matter, while the two land 4 ms apart on
    /// each of the 16 downbeats: a flam, kick minus crash.
    @Test func notesMeantTogetherThatLandApartAreAFlam() throws {
        let hits = Self.hits(bars: 16, subdivision: 1) { position in
            position.beat == 1 ? [(36, 0), (49, -4)] : [(36, 0)]
        }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        #expect(findings.map(\.kind) == [.flam, .consistency])
        let flam = try #require(findings.first)
        #expect(flam.voices == ["kick", "crash"])
        #expect(flam.direction == .late)
        #expect(abs(flam.estimate - 4) < 1e-9)
        #expect(flam.n == 16)
        #expect(flam.text
            == "the kick and the crash land apart when played together: the kick 4.0 ms after the crash (95 %: 4.0 to 4.0 ms, 16 times together)")
    }

    /// A kick that plays alone can only be its beats: nothing to compare it
    /// with, so no voice is claimed and the beats are.
    @Test func aVoiceThatNeverMeetsAnotherIsItsBeats() throws {
        let hits = Self.hits(bars: 16, subdivision: 1) { position in
            position.beat % 2 == 1 ? [(36, 10)] : [(38, 0)]
        }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        #expect(findings.filter { $0.kind == .voice || $0.kind == .flam } == [])
        #expect(findings.filter { $0.kind == .beat }.map(\.beat) == [1, 2, 3, 4])
    }

    /// Hat 8ths always on time, kick on 1 and 3 alternating 6 ms early and
    /// late, 16 bars: the kick is 6 ms from its own average on every note,
    /// the hat and snare 0: 6 ms further than the others, wider; and on
    /// average the kick is on time, so no voice drags or rushes.
    @Test func aLooseKickWandersMoreThanTheOthers() throws {
        let hits = Self.hits(bars: 16, subdivision: 2) { position in
            var notes: [(Int, Double)] = [(42, 0)]
            if position.subdivision == 1 {
                notes.append(position.beat % 2 == 1 ? (36, position.bar % 2 == 0 ? 6 : -6) : (38, 0))
            }
            return notes
        }
        let findings = Findings.of(settings: Self.settings(subdivision: 2), hits: hits).filter { $0.kind == .voice }
        #expect(findings.count == 1)
        let loose = try #require(findings.first)
        #expect(loose.voice == "kick" && loose.aspect == "spread" && loose.direction == .wider)
        #expect(abs(loose.estimate - 6) < 1e-9 && loose.n == 32)
        #expect(loose.text == "the kick wanders more than the other voices: 6.0 ms further from its own average on each note (95 %: 6.0 to 6.0 ms, 32 hits)")
    }

    /// byVoice: the voices in the kit's order with their counts, offsets,
    /// velocities and parts, from hits worked out by hand.
    @Test func eachVoiceIsSummedUp() throws {
        let hits = Self.hits(bars: 2, subdivision: 2) { position in
            var notes: [(Int, Double)] = [(42, position.subdivision == 1 ? 2 : -2)]
            if position.subdivision == 1, position.beat == 1 { notes.append((36, Double(position.bar) * 4)) }
            return notes
        }
        let voices = VoiceSummary.of(hits, map: .generalMIDI)
        #expect(voices.map(\.voice) == ["kick", "hi-hat"])
        let kick = voices[0]
        #expect(kick.hits == 2 && kick.matched == 2)
        #expect(kick.meanOffsetMs == 6)
        #expect(kick.medianOffsetMs == 6)
        // SD of 4 and 8: 2√2; t(0.975, 1) = 12.706.
        #expect(abs((kick.sdOffsetMs ?? 0) - 2 * 2.0.squareRoot()) < 1e-12)
        #expect(abs((kick.ci95?[1] ?? 0) - (6 + 12.706 * 2)) < 0.01)
        #expect(kick.meanVelocity == 100 && kick.sdVelocity == 0)
        #expect(kick.byPart == [VoiceSummary.Part(subdivision: 1, matched: 2, meanOffsetMs: 6)])
        let hat = voices[1]
        #expect(hat.hits == 16 && abs(hat.meanOffsetMs ?? 1) < 1e-12)
        #expect(hat.byPart == [
            VoiceSummary.Part(subdivision: 1, matched: 8, meanOffsetMs: 2), VoiceSummary.Part(subdivision: 2, matched: 8, meanOffsetMs: -2),
        ])
    }
}
