import Testing
import TactusCore

/// Findings about how hard the voices are played, on takes whose
/// velocities are set by hand (16 bars of 4/4 at 120 BPM, every note on time).
@Suite struct VoiceDynamicsTests {
    static func hits(subdivision: Int, play: (GridPosition) -> [(note: Int, velocity: Int)]) -> [ScoredHit] {
        var hits: [ScoredHit] = []
        for bar in 1...16 {
            for beat in 1...4 {
                for part in 1...subdivision {
                    let position = GridPosition(bar: bar, beat: beat, subdivision: part)
                    let gridFrame = Int64(((bar - 1) * 4 + beat - 1) * 24_000 + (part - 1) * 24_000 / subdivision)
                    for (note, velocity) in play(position) {
                        hits.append(ScoredHit(
                            frame: gridFrame, gridFrame: gridFrame, timeS: Double(gridFrame) / 48_000, position: position, offsetMs: 0,
                            note: note, velocity: velocity, channel: 10, grade: .perfect))
                    }
                }
            }
        }
        return hits
    }

    static func dynamics(_ hits: [ScoredHit], subdivision: Int, accents: String? = nil) -> [Finding] {
        var settings = ReportSettings(
            tempo: Tempo(bpm: 120), meter: .fourFour, scoring: ScoringSettings(subdivision: subdivision), sampleRate: 48_000)
        settings.accents = accents.flatMap(AccentPattern.init(parsing:))
        return Findings.of(settings: settings, hits: hits).filter { $0.kind == .dynamics }
    }

    /// Hat 8ths at 100 on the beats and 80 on the &s: the &s 20 below the
    /// beats, 10 below the hat's mean of 90. One fact of two parts, told once.
    @Test func theHatsAndsSofterThanItsBeats() throws {
        let hits = Self.hits(subdivision: 2) { [(42, $0.subdivision == 1 ? 100 : 80)] }
        let findings = Self.dynamics(hits, subdivision: 2)
        #expect(findings.count == 1)
        let soft = try #require(findings.first)
        #expect(soft.aspect == "position" && soft.voice == "hi-hat" && soft.subdivision == 2 && soft.direction == .softer)
        #expect(soft.estimate == -10 && soft.n == 64 && soft.unit == "velocity")
        #expect(soft.text == "the hi-hat's off-beat 8ths (the &) are 10 softer than its other notes (velocity, 95 %: 10 to 10, 64 notes)")
    }

    /// Snare backbeats on 2 and 4 at 100, ghost notes on the e and the a of
    /// every beat at 80: 20 apart, 12 short of the 32 that set ghosts apart.
    @Test func ghostNotesTooCloseToTheBackbeatAreLoud() throws {
        let hits = Self.hits(subdivision: 4) { position in
            switch position.subdivision {
            case 1 where position.beat % 2 == 0: [(38, 100)]
            case 2, 4: [(38, 80)]
            default: []
            }
        }
        let findings = Self.dynamics(hits, subdivision: 4)
        #expect(findings.count == 1)
        let ghosts = try #require(findings.first)
        #expect(ghosts.aspect == "ghosts" && ghosts.voice == "snare" && ghosts.direction == .louder)
        #expect(ghosts.estimate == 20 && ghosts.n == 128)
        #expect(ghosts.text
            == "your ghost notes are loud: only 20 softer than the snare's backbeats, where two dynamic levels (32) set them apart (velocity, 95 %: 20 to 20, 128 ghost notes)")
        // 40 apart is ghost notes as they should be: nothing to say.
        let quiet = Self.hits(subdivision: 4) { position in
            position.subdivision == 1 ? (position.beat % 2 == 0 ? [(38, 100)] : []) : (position.subdivision % 2 == 0 ? [(38, 60)] : [])
        }
        #expect(Self.dynamics(quiet, subdivision: 4) == [])
    }

    /// Hat on every beat at 100, but at 110 on the downbeats the kick plays
    /// (odd bars) and 90 on those it leaves out: at the same place of the
    /// bar the hat is 20 louder with the kick. A downbeat always accented
    /// with the kick always there would tell nothing.
    @Test func theHatLouderWhenTheKickPlays() throws {
        let hits = Self.hits(subdivision: 1) { position in
            guard position.beat == 1 else { return [(42, 100)] }
            return position.bar % 2 == 1 ? [(42, 110), (36, 100)] : [(42, 90)]
        }
        let findings = Self.dynamics(hits, subdivision: 1)
        #expect(findings.count == 1)
        let coupling = try #require(findings.first)
        #expect(coupling.aspect == "coupling" && coupling.voices == ["hi-hat", "kick"] && coupling.direction == .louder)
        #expect(coupling.estimate == 20 && coupling.n == 8)
        #expect(coupling.text == "the hi-hat is 20 louder when the kick plays with it (velocity, 95 %: 20 to 20, 8 notes with it)")
        let always = Self.hits(subdivision: 1) { position in
            position.beat == 1 ? [(42, 120), (36, 100)] : [(42, 100)]
        }
        #expect(Self.dynamics(always, subdivision: 1).filter { $0.aspect == "coupling" } == [])
    }

    /// With the click accenting beat 1 (`Xxxx`), the kick plays 1 and 3:
    /// 104 on the accent, 100 on 3, 4 above where a dynamic level (16) is
    /// asked. The hat, 120 on 1 and 100 elsewhere, stands out enough. No
    /// accent pattern given, nothing is asked of the accents.
    @Test func accentsThatStandOutLessThanALevel() throws {
        let hits = Self.hits(subdivision: 1) { position in
            var notes: [(Int, Int)] = [(42, position.beat == 1 ? 120 : 100)]
            if position.beat == 1 { notes.append((36, 104)) }
            if position.beat == 3 { notes.append((36, 100)) }
            return notes
        }
        let findings = Self.dynamics(hits, subdivision: 1, accents: "Xxxx")
        #expect(findings.count == 1)
        let weak = try #require(findings.first)
        #expect(weak.aspect == "accents" && weak.voice == "kick" && weak.direction == .softer)
        #expect(weak.estimate == 4 && weak.n == 16)
        #expect(weak.text
            == "the kick's accents stand out only 4 above its other notes, where a dynamic level (16) sets them apart (velocity, 95 %: 4 to 4, 16 accents)")
        #expect(Self.dynamics(hits, subdivision: 1) == [])
    }
}
