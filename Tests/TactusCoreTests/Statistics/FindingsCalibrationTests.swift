import Testing
import TactusCore

/// The findings' statistics over many seeds of the simulated drummer: how
/// often they claim what is not there, and how often they find what is.
@Suite struct FindingsCalibrationTests {
    /// The findings of `bars` bars of the player scored in 8ths at `bpm`,
    /// settling the grid as each note comes, as a session and `analyze` do.
    static func findings(_ player: SimulatedPlayer, bars: Int, bpm: Double = 100) throws -> [Finding] {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: bpm), meter: .fourFour))
        let scoring = ScoringSettings(subdivision: 2)
        var scorer = try Scorer(grid: timeline, settings: scoring)
        for note in player.perform(on: timeline, bars: 1...bars) {
            _ = scorer.advance(to: note.frame)
            _ = scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel)))
        }
        _ = scorer.finish(at: timeline.frame(of: GridPosition(bar: bars + 1, beat: 1), subdivision: 1, swing: nil))
        return Findings.of(settings: ReportSettings(spec: timeline.spec, scoring: scoring), hits: scorer.statistics.hits)
    }

    static func noise(seed: UInt64, spreadMs: Double) -> SimulatedPlayer {
        SimulatedPlayer(seed: seed, meanOffsetMs: 0, spreadMs: spreadMs, driftMsPerMinute: 0, beatBiasMs: [], missProbability: 0.02)
    }

    /// Claims of a tendency (everything but the spread).
    static func claims(_ findings: [Finding]) -> [Finding] {
        findings.filter { $0.kind != .consistency }
    }

    @Test(arguments: [5.0, 15, 25])
    func noiseAloneRarelyGivesAClaim(spreadMs: Double) throws {
        var falseClaims = 0
        for seed in UInt64(1)...100 {
            if try !Self.claims(Self.findings(Self.noise(seed: seed, spreadMs: spreadMs), bars: 64)).isEmpty { falseClaims += 1 }
        }
        #expect(falseClaims <= 5)
    }

    @Test func aBeatBiasOf6MsIsFound() throws {
        var found = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.beatBiasMs = [0, 0, 6, 0]
            let findings = try Self.findings(player, bars: 48)
            if findings.contains(where: { $0.kind == .beat && $0.beat == 3 && $0.direction == .late }) { found += 1 }
        }
        #expect(found >= 95)
    }

    @Test func threeBarsNeverGiveABeatOrDriftClaim() throws {
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 25)
            player.beatBiasMs = [0, 0, 0, -20]
            player.driftMsPerMinute = -80
            let findings = try Self.findings(player, bars: 3)
            #expect(!findings.contains { $0.kind == .beat || $0.kind == .drift })
        }
    }

    @Test func swing62To38IsFound() throws {
        var found = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 7)
            player.swing = Swing(long: 62, short: 38)
            let findings = try Self.findings(player, bars: 48)
            if let swing = findings.first(where: { $0.kind == .swing }), swing.direction == .late,
               swing.ci95[0] <= 0.62, swing.ci95[1] >= 0.62 {
                found += 1
            }
            // The late off-beats are the swing, not a tendency of their own.
            #expect(!findings.contains { $0.kind == .subdivision || $0.kind == .overall })
        }
        #expect(found >= 95)
    }

    /// Scripts/demo's drummer (16 bars at 97 BPM: dragging 5 ms, beat 2 laid
    /// back and beat 4 rushed by 6 ms, drifting -1.4 ms/min, too little to
    /// claim) is told just that, whatever the seed.
    @Test func theDemoDrummerIsToldWhatItWasMadeToDo() throws {
        var agreed = 0
        for seed in UInt64(1)...40 {
            let player = SimulatedPlayer(seed: seed, meanOffsetMs: 5, spreadMs: 6, driftMsPerMinute: -1.4, beatBiasMs: [0, 6, 0, -6])
            let claims = Self.claims(try Self.findings(player, bars: 16, bpm: 97))
            if claims.map(\.kind) == [.overall, .beat, .beat], claims.map(\.direction) == [.late, .late, .early],
               claims[1].beat == 2, claims[2].beat == 4 {
                agreed += 1
            }
        }
        #expect(agreed >= 38)
    }
}
