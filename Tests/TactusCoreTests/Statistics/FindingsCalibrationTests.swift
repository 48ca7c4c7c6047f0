import Testing
import TactusCore

/// The findings' statistics over many seeds of the simulated drummer: how
/// often they claim what is not there, and how often they find what is.
@Suite struct FindingsCalibrationTests {
    /// The findings of `bars` bars of the player scored in 8ths at `bpm`,
    /// settling the grid as each note comes, as a session and `analyze` do.
    static func findings(_ player: SimulatedPlayer, bars: Int, bpm: Double = 100) throws -> [Finding] {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: bpm), meter: .fourFour))
        let scoring = ScoringSettings(subdivision: player.subdivision)
        return Findings.of(settings: ReportSettings(spec: timeline.spec, scoring: scoring), hits: try hits(player, bars: bars, bpm: bpm))
    }

    /// The scored hits of `findings`.
    static func hits(_ player: SimulatedPlayer, bars: Int, bpm: Double = 100) throws -> [ScoredHit] {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: bpm), meter: .fourFour))
        let scoring = ScoringSettings(subdivision: player.subdivision)
        var scorer = try Scorer(grid: timeline, settings: scoring)
        for note in player.perform(on: timeline, bars: 1...bars) {
            _ = scorer.advance(to: note.frame)
            _ = scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel)))
        }
        _ = scorer.finish(at: timeline.frame(of: GridPosition(bar: bars + 1, beat: 1), subdivision: 1, swing: nil))
        return scorer.statistics.hits
    }

    static func noise(seed: UInt64, spreadMs: Double, subdivision: Int = 2) -> SimulatedPlayer {
        SimulatedPlayer(
            seed: seed, meanOffsetMs: 0, spreadMs: spreadMs, driftMsPerMinute: 0, beatBiasMs: [], missProbability: 0.02,
            subdivision: subdivision)
    }

    /// Claims of a tendency (everything but the spread).
    static func claims(_ findings: [Finding]) -> [Finding] {
        findings.filter { $0.kind != .consistency }
    }

    static let noiseSpreadsMs = [3.0, 5, 10, 15, 25]

    /// 200 takes of pure scatter (64 bars, seeds 1–200, seed n at spread
    /// `noiseSpreadsMs[n % 5]`): at most 5 % of them get any claim, with all
    /// the beats, parts and positions of 8ths or 16ths tested together.
    @Test(arguments: [2, 4])
    func noiseAloneRarelyGivesAClaim(subdivision: Int) throws {
        var falseClaims: [Double: Int] = [:]
        for seed in UInt64(1)...200 {
            let spread = Self.noiseSpreadsMs[Int(seed % 5)]
            let claims = Self.claims(try Self.findings(Self.noise(seed: seed, spreadMs: spread, subdivision: subdivision), bars: 64))
            if !claims.isEmpty { falseClaims[spread, default: 0] += 1 }
        }
        let total = falseClaims.values.reduce(0, +)
        print("false claims, subdivision \(subdivision): \(total) of 200;", Self.noiseSpreadsMs.map { "SD \($0): \(falseClaims[$0] ?? 0) of 40" })
        #expect(total <= 10)
    }

    /// Seeds 1–100 of a player with `bias` over 48 bars at each spread: how
    /// many of them are told `found`.
    static func power(
        subdivision: Int, spreadMs: Double, bias: [PositionBias], found: (Finding) -> Bool
    ) throws -> Int {
        var count = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: spreadMs, subdivision: subdivision)
            player.positionBiasMs = bias
            if try Self.findings(player, bars: 48).contains(where: found) { count += 1 }
        }
        return count
    }

    @Test(arguments: [2, 4], [3.0, 5])
    func aBiasOf6MsOnTheStrokeOfOneBeatIsFound(subdivision: Int, spreadMs: Double) throws {
        let found = try Self.power(subdivision: subdivision, spreadMs: spreadMs, bias: [PositionBias(beat: 3, part: 1, ms: 6)]) {
            $0.kind == .beat && $0.beat == 3 && $0.direction == .late
        }
        print("beat 3 +6 ms found, subdivision \(subdivision), SD \(spreadMs): \(found) of 100")
        #expect(found >= 95)
    }

    @Test(arguments: [3.0, 5])
    func aBiasOf6MsOnEveryAIsFound(spreadMs: Double) throws {
        let bias = (1...4).map { PositionBias(beat: $0, part: 4, ms: 6) }
        let found = try Self.power(subdivision: 4, spreadMs: spreadMs, bias: bias) {
            $0.kind == .subdivision && $0.subdivision == 4 && $0.direction == .late
        }
        print("every a +6 ms found, SD \(spreadMs): \(found) of 100")
        #expect(found >= 95)
    }

    @Test(arguments: [2, 4])
    func aBiasOf6MsOnTheAndOfTwoIsFound(subdivision: Int) throws {
        let part = subdivision == 4 ? 3 : 2
        let found = try Self.power(subdivision: subdivision, spreadMs: 5, bias: [PositionBias(beat: 2, part: part, ms: 6)]) {
            $0.kind == .position && $0.beat == 2 && $0.subdivision == part && $0.direction == .late
        }
        print("the & of 2 +6 ms found, subdivision \(subdivision), SD 5: \(found) of 100")
        #expect(found >= 90)
    }

    /// The groove with the kick (on 1 and 3) 8 ms late, 48 bars, seeds
    /// 1–100 at SD 5 ms: the kick is named late in 95 or more, and beats 1
    /// and 3, which only carry the kick, in none. Within the beats the kick
    /// is 8 ms behind the hi-hat (4 a bar there) and the snare (2): its
    /// effect against that average is 8 − 8·2/8 = 6 ms.
    @Test func aLateKickIsNamedAsTheKick() throws {
        var named = 0, beats = 0, covered = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.voiceBiasMs = [SimulatedPlayer.kick: 8]
            let findings = try Self.findings(player, bars: 48)
            if let kick = findings.first(where: { $0.kind == .voice && $0.voice == "kick" && $0.direction == .late }) {
                named += 1
                if (kick.ci95[0]...kick.ci95[1]).contains(6) { covered += 1 }
            }
            if findings.contains(where: { $0.kind == .beat }) { beats += 1 }
        }
        print("kick +8 ms named: \(named) of 100, its interval holding 6 ms: \(covered); a beat claimed: \(beats)")
        #expect(named >= 95)
        #expect(covered >= 90)
        #expect(beats <= 5)
    }

    /// The snare (on 2 and 4) 8 ms early, and the hi-hat's &s 16 softer (a
    /// dynamic level) than its beats, 48 bars, seeds 1–100 at SD 5 ms: each
    /// is named in 95 or more, as what it is, and nothing names a beat.
    @Test func anEarlySnareAndSoftAndsAreNamed() throws {
        var snare = 0, soft = 0, beats = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.voiceBiasMs = [SimulatedPlayer.snare: -8]
            player.hiHatOffBeatVelocity = -16
            let findings = try Self.findings(player, bars: 48)
            if findings.contains(where: { $0.kind == .voice && $0.voice == "snare" && $0.direction == .early }) { snare += 1 }
            if findings.contains(where: { $0.kind == .dynamics && $0.aspect == "position" && $0.voice == "hi-hat" && $0.direction == .softer }) {
                soft += 1
            }
            if findings.contains(where: { $0.kind == .beat }) { beats += 1 }
        }
        print("snare -8 ms named: \(snare) of 100; hi-hat &s -16 named: \(soft) of 100; a beat claimed: \(beats)")
        #expect(snare >= 95)
        #expect(soft >= 95)
        #expect(beats <= 5)
    }

    /// Snare ghost notes on every & only 16 softer than the backbeat, 48
    /// bars, seeds 1–100: "your ghost notes are loud" in 95 or more; ghost
    /// notes 40 softer (more than the 32 asked) in 5 or fewer.
    @Test func loudGhostNotesAreNamed() throws {
        var loud = 0, quiet = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.ghostNotesSofterBy = 16
            if try Self.findings(player, bars: 48).contains(where: { $0.aspect == "ghosts" }) { loud += 1 }
            player.ghostNotesSofterBy = 40
            if try Self.findings(player, bars: 48).contains(where: { $0.aspect == "ghosts" }) { quiet += 1 }
        }
        print("ghost notes 16 softer named loud: \(loud) of 100; 40 softer: \(quiet) of 100")
        #expect(loud >= 95)
        #expect(quiet <= 5)
    }

    /// The hi-hat 16 louder (a dynamic level) where the kick plays with it,
    /// and the kick on the &s of 2 and 4 every other bar, so that the hat
    /// there plays with the kick in half the bars: 48 bars, seeds 1–100 at SD
    /// 5 ms, no downbeat accent (with one, the kick's & is rightly told
    /// softer than its other notes). "The hi-hat is louder when the kick plays with it" in 95 or
    /// more and no other claim in more than 5; the variation alone, with
    /// the hat as loud either way, is called coupling in 5 or fewer.
    @Test func aHatLouderWithTheKickIsNamed() throws {
        var named = 0, others = 0, unmade = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.downbeatAccent = 0
            player.kickOnTheAndsEveryOtherBar = true
            player.hiHatWithKickVelocity = 16
            let findings = try Self.findings(player, bars: 48)
            if findings.contains(where: { $0.aspect == "coupling" && $0.voices == ["hi-hat", "kick"] && $0.direction == .louder }) { named += 1 }
            if Self.claims(findings).contains(where: { $0.aspect != "coupling" }) { others += 1 }
            player.hiHatWithKickVelocity = 0
            if try Self.findings(player, bars: 48).contains(where: { $0.aspect == "coupling" }) { unmade += 1 }
        }
        print("hi-hat +16 with the kick named: \(named) of 100; another claim: \(others); coupling without it: \(unmade) of 100")
        #expect(named >= 95)
        #expect(others <= 5)
        #expect(unmade <= 5)
    }

    /// The hi-hat 8 ms late only where the snare plays with it (2 and 4),
    /// on time with the kick (1 and 3) and alone (the &s), and the kick
    /// with the snare on 4 every other bar, so that each voice meets each
    /// other one: 48 bars, seeds 1–100 at SD 5 ms. "The hi-hat 8 ms after
    /// the snare" in 95 or more, its interval holding 8 in 90 or more, and
    /// no other claim in more than 5: no voice drags or rushes, for the
    /// kick and the snare land together on 4 and the hat and the kick on
    /// 1. In the same groove without the flam, a claim in 5 or fewer; with
    /// the kick 8 ms late instead, the kick is named in 95 or more.
    @Test func aFlamOnlyWhereTwoVoicesMeetIsNamedAsTheFlam() throws {
        var named = 0, covered = 0, others = 0, unmade = 0, kick = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.kickWithTheSnareEveryOtherBar = true
            player.hiHatWithSnareMs = 8
            let findings = try Self.findings(player, bars: 48)
            let isTheFlam = { (finding: Finding) in finding.kind == .flam && Set(finding.voices ?? []) == ["hi-hat", "snare"] }
            if let flam = findings.first(where: isTheFlam) {
                // The estimate is the first voice minus the second.
                let hatLater = flam.voices?.first == "hi-hat" ? flam.estimate : -flam.estimate
                let interval = flam.voices?.first == "hi-hat" ? flam.ci95 : Array(flam.ci95.map { -$0 }.reversed())
                if hatLater > 0 { named += 1 }
                if (interval[0]...interval[1]).contains(8) { covered += 1 }
            }
            if Self.claims(findings).contains(where: { !isTheFlam($0) }) { others += 1 }
            player.hiHatWithSnareMs = 0
            if try !Self.claims(Self.findings(player, bars: 48)).isEmpty { unmade += 1 }
            player.voiceBiasMs = [SimulatedPlayer.kick: 8]
            if try Self.findings(player, bars: 48).contains(where: { $0.kind == .voice && $0.voice == "kick" && $0.direction == .late }) {
                kick += 1
            }
        }
        print("hi-hat +8 ms with the snare named as the flam: \(named) of 100, its interval holding 8 ms: \(covered); another claim: \(others); a claim without it: \(unmade); kick +8 ms in this groove named: \(kick) of 100")
        #expect(named >= 95)
        #expect(covered >= 90)
        #expect(others <= 5)
        #expect(unmade <= 5)
        #expect(kick >= 95)
    }

    /// Downbeats not accented at all where the click accents beat 1 (`Xxxx`) and
    /// a dynamic level (16) is asked: the accents of the hi-hat and the kick
    /// (the voices on 1) named weak in 95 or more of seeds 1–100 (48 bars,
    /// SD 5 ms); accented by 20, in 5 or fewer.
    @Test func weakAccentsAreNamed() throws {
        func accentFindings(_ player: SimulatedPlayer) throws -> [Finding] {
            let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 100), meter: .fourFour))
            var settings = ReportSettings(spec: timeline.spec, scoring: ScoringSettings(subdivision: player.subdivision))
            settings.accents = AccentPattern(parsing: "Xxxx")
            return Findings.of(settings: settings, hits: try Self.hits(player, bars: 48)).filter { $0.aspect == "accents" }
        }
        var weak = 0, strong = 0
        for seed in UInt64(1)...100 {
            var player = Self.noise(seed: seed, spreadMs: 5)
            player.downbeatAccent = 0
            if Set(try accentFindings(player).compactMap(\.voice)) == ["hi-hat", "kick"] { weak += 1 }
            player.downbeatAccent = 20
            if try !accentFindings(player).isEmpty { strong += 1 }
        }
        print("accents +0 named weak for the hi-hat and the kick: \(weak) of 100; accents +20 named: \(strong) of 100")
        #expect(weak >= 95)
        #expect(strong <= 5)
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
    /// back and beat 4 rushed by 6 ms, the stroke and its & alike, drifting
    /// -1.4 ms/min, too little to claim) is told nothing it was not made to
    /// do, whatever the seed: that it drags, and about the stroke or the & of
    /// beats 2 and 4. Each of those places has 16 hits only, so one of the two
    /// beats goes unnamed in a few seeds (4 of 40).
    @Test func theDemoDrummerIsToldWhatItWasMadeToDo() throws {
        var agreed = 0
        for seed in UInt64(1)...40 {
            let player = SimulatedPlayer(seed: seed, meanOffsetMs: 5, spreadMs: 6, driftMsPerMinute: -1.4, beatBiasMs: [0, 6, 0, -6])
            let claims = Self.claims(try Self.findings(player, bars: 16, bpm: 97))
            let beats = claims.dropFirst()
            #expect(claims.first?.kind == .overall && claims.first?.direction == .late)
            #expect(beats.allSatisfy { ($0.kind == .beat || $0.kind == .position) && ($0.beat == 2 ? .late : .early) == $0.direction })
            if Set(beats.compactMap(\.beat)) == [2, 4] { agreed += 1 }
        }
        #expect(agreed >= 35)
    }
}
