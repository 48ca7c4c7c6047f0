import Foundation
import Testing
@testable import TactusCore

/// What findings claim on takes whose truth is known.
@Suite struct FindingsTests {
    /// One hit at each position of `bars` bars of 4/4 at 120 BPM in
    /// `subdivision` parts, `offset` ms off (plus `spreadMs` of normal noise
    /// from `seed`); bars in `muted` are without click.
    static func hits(
        bars: Int, subdivision: Int, spreadMs: Double = 0, seed: UInt64 = 1, muted: Set<Int> = [],
        offset: (GridPosition) -> Double
    ) -> [ScoredHit] {
        var random = SplitMix64(seed: seed)
        var hits: [ScoredHit] = []
        for bar in 1...bars {
            for beat in 1...4 {
                for part in 1...subdivision {
                    let position = GridPosition(bar: bar, beat: beat, subdivision: part)
                    let gridFrame = Int64(((bar - 1) * 4 + beat - 1) * 24_000 + (part - 1) * 24_000 / subdivision)
                    let ms = offset(position) + spreadMs * random.nextNormal()
                    let frame = gridFrame + Int64((ms * 48).rounded())
                    hits.append(ScoredHit(
                        frame: frame, gridFrame: gridFrame, timeS: Double(frame) / 48_000, position: position, offsetMs: ms,
                        note: 38, velocity: 100, channel: 10, grade: abs(ms) <= 50 ? .good : .extra, muted: muted.contains(bar)))
                }
            }
        }
        return hits
    }

    static func settings(subdivision: Int, swing: Swing? = nil, gap: GapPattern? = nil) -> ReportSettings {
        ReportSettings(
            tempo: Tempo(milliBPM: 120_000), meter: .fourFour, scoring: ScoringSettings(subdivision: subdivision, swing: swing),
            gap: gap, sampleRate: 48_000)
    }

    /// The tight player: SD 3 ms, beat 3 6 ms early over 48 bars.
    @Test func aTightPlayersEarlyBeatIsNamed() throws {
        let hits = Self.hits(bars: 48, subdivision: 1, spreadMs: 3) { $0.beat == 3 ? -6 : 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        let beat = try #require(findings.first { $0.kind == .beat })
        #expect(beat.beat == 3)
        #expect(beat.direction == .early)
        // Beat 3 against the player's own mean: -6 + 6/4 = -4.5 ms.
        #expect(abs(beat.estimate + 4.5) < 1)
        #expect(beat.ci95[0] < beat.estimate && beat.estimate < beat.ci95[1] && beat.ci95[1] < 0)
        #expect(beat.n == 48)
        #expect(beat.unit == "ms")
        #expect(beat.text.hasPrefix("beat 3 rushes: 4."))
        #expect(findings.filter { $0.kind == .beat }.count == 1)
        #expect(findings.last?.kind == .consistency)
    }

    /// A player who drags everything and rushes beat 4 is told about beat 4,
    /// not about the other beats, which sit near the player's own mean.
    @Test func beatsAreMeasuredFromThePlayersOwnMean() {
        let hits = Self.hits(bars: 48, subdivision: 1, spreadMs: 3) { $0.beat == 4 ? -3 : 6 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        #expect(findings.filter { $0.kind == .beat }.map(\.beat) == [4])
        #expect(findings.first { $0.kind == .overall }?.direction == .late)
    }

    @Test func nothingStandsOutAndTheNextStepIsNamed() throws {
        let hits = Self.hits(bars: 16, subdivision: 1, spreadMs: 6, seed: 3) { _ in 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        let only = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(only.kind == .consistency)
        #expect(only.n == 64)
        #expect(only.text.hasPrefix("no tendency stands out beyond your ±"))
        #expect(only.text.hasSuffix(" spread over 64 hits; next: your own time: leave out the click in some bars (--gap 4,4)"))
    }

    @Test func theNextStepFollowsTheSpread() {
        #expect(Findings.nextStep(sd: 20, settings: Self.settings(subdivision: 1))
            == "evenness: practise at about 102 BPM until your spread is under 15 ms")
        #expect(Findings.nextStep(sd: 8, settings: Self.settings(subdivision: 1, gap: GapPattern(playBars: 4, muteBars: 4)))
            == "a faster tempo: try 125 BPM")
    }

    @Test func fewHitsAreTooFewToJudge() throws {
        let hits = Self.hits(bars: 1, subdivision: 1, spreadMs: 5) { _ in -20 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        #expect(findings.map(\.text) == ["only 4 hits: too few to tell a tendency from chance; play 8 bars or more"])
        #expect(Findings.of(settings: Self.settings(subdivision: 1), hits: []) == [])
    }

    @Test func aDriftIsFoundWithItsRate() throws {
        // 64 bars at 120 BPM: 2.1 minutes, getting 4 ms later every minute.
        let hits = Self.hits(bars: 64, subdivision: 1, spreadMs: 4, seed: 9) { 4 * Double(($0.bar - 1) * 4 + $0.beat - 1) / 120 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1), hits: hits)
        let drift = try #require(findings.first { $0.kind == .drift })
        #expect(drift.direction == .late)
        #expect(drift.unit == "ms/min")
        #expect(drift.ci95[0] < 4 && 4 < drift.ci95[1])
        #expect(drift.text.hasPrefix("you get later as you play: +"))
    }

    @Test func withoutTheClickThePlayerDrags() throws {
        let muted = Set([5, 6, 7, 8, 13, 14, 15, 16])
        let hits = Self.hits(bars: 16, subdivision: 1, spreadMs: 3, seed: 4, muted: muted) { muted.contains($0.bar) ? 9 : 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 1, gap: GapPattern(playBars: 4, muteBars: 4)), hits: hits)
        let without = try #require(findings.first { $0.kind == .withoutClick })
        #expect(without.direction == .late)
        #expect(without.n == 32)
        #expect(without.ci95[0] < 9 && 9 < without.ci95[1])
        #expect(!findings.contains { $0.kind == .overall })
    }

    /// 62:38 played against a 2:1 click (66.7:33.3): straighter than the click.
    @Test func swingIsMeasuredAgainstASwungClick() throws {
        let hits = Self.hits(bars: 32, subdivision: 2, spreadMs: 5) { $0.subdivision == 2 ? (0.62 - 2.0 / 3) * 500 : 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 2, swing: .triplet), hits: hits)
        let swing = try #require(findings.first { $0.kind == .swing })
        #expect(swing.direction == .early)
        #expect(swing.unit == "ratio")
        #expect(swing.subdivision == 2)
        #expect(swing.ci95[0] < 0.62 && 0.62 < swing.ci95[1])
        #expect(swing.text.hasPrefix("you play the 8ths 62:38 against the click's 67:33: straighter than the click (95 %: "))
        #expect(findings.count == 2)
    }

    @Test func swungSixteenthsAreNamed() throws {
        // The 2nd and 4th 16ths 0.6 of the way through their 8th: 15 ms late at 120 BPM.
        let hits = Self.hits(bars: 24, subdivision: 4, spreadMs: 3) { $0.subdivision % 2 == 0 ? 0.1 * 250 : 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 4), hits: hits)
        #expect(findings.map(\.kind) == [.swing, .consistency])
        #expect(findings.first?.text.hasPrefix("you swing the 16ths 60:40 (95 %: ") == true)
    }

    /// Off-beats 8 ms late are no swing (51.6:48.4) but a tendency of their
    /// own: 4 ms behind the player's mean. 5 ms late (2.5 ms) is too little.
    @Test func aSmallOffBeatLagIsASubdivisionFinding() throws {
        let hits = Self.hits(bars: 32, subdivision: 2, spreadMs: 3) { $0.subdivision == 2 ? 8 : 0 }
        let findings = Findings.of(settings: Self.settings(subdivision: 2), hits: hits)
        let off = try #require(findings.first { $0.kind == .subdivision })
        #expect(off.subdivision == 2)
        #expect(abs(off.estimate - 4) < 1)
        #expect(off.text.hasPrefix("the off-beat 8ths (the &) drag: "))
        #expect(!findings.contains { $0.kind == .swing })
        let smaller = Self.hits(bars: 32, subdivision: 2, spreadMs: 3) { $0.subdivision == 2 ? 5 : 0 }
        // Its overall mean, 2.5 ms, is too little as well.
        #expect(Findings.of(settings: Self.settings(subdivision: 2), hits: smaller).map(\.kind) == [.consistency])
    }
}
