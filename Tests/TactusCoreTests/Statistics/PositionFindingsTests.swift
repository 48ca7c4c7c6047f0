import Testing
@testable import TactusCore

/// Findings about the stroke on a beat, the parts of the beat and single
/// positions, and the spread left once they are taken out.
@Suite struct PositionFindingsTests {
    static func claims(_ findings: [Finding]) -> [Finding] {
        findings.filter { $0.kind != .consistency }
    }

    /// The drummer: 8ths, the stroke on 3 rushed by 6 ms, the & of 3
    /// on time. Pooled, beat 3 was -3 ms, -2.3 against the average: under
    /// the 3 ms that matter, nothing said. The stroke alone is named.
    @Test func theRushedStrokeOnThreeIsNamedThoughItsAndIsOnTime() throws {
        let hits = FindingsTests.hits(bars: 48, subdivision: 2, spreadMs: 3) { $0.beat == 3 && $0.subdivision == 1 ? -6 : 0 }
        let claims = Self.claims(Findings.of(settings: FindingsTests.settings(subdivision: 2), hits: hits))
        #expect(claims.map(\.kind) == [.beat])
        let beat = try #require(claims.first)
        #expect(beat.beat == 3)
        #expect(beat.n == 48)
        #expect(beat.text == "beat 3 rushes: 5.2 ms ahead of your average (95 %: 4.4 to 6.0 ms, 48 hits)")
    }

    /// Every "a" 6 ms late among on-time e's and &'s is the a's finding, not
    /// four position findings and not hidden in the beats.
    @Test func aLateAIsNamedOnceForTheBar() throws {
        let hits = FindingsTests.hits(bars: 48, subdivision: 4, spreadMs: 3) { $0.subdivision == 4 ? 6 : 0 }
        let claims = Self.claims(Findings.of(settings: FindingsTests.settings(subdivision: 4), hits: hits))
        #expect(claims.map(\.kind) == [.subdivision])
        #expect(claims.first?.subdivision == 4)
        #expect(claims.first?.text == "the 4th 16ths (the a) drag: 4.7 ms behind your average (95 %: 4.3 to 5.1 ms, 192 hits)")
    }

    @Test func theAndOfTwoAloneIsAPosition() throws {
        let hits = FindingsTests.hits(bars: 48, subdivision: 4, spreadMs: 3) { $0.beat == 2 && $0.subdivision == 3 ? 6 : 0 }
        let claims = Self.claims(Findings.of(settings: FindingsTests.settings(subdivision: 4), hits: hits))
        #expect(claims.map(\.kind) == [.position])
        #expect(claims.first?.text == "the & of 2 drags: 5.8 ms behind your average (95 %: 4.9 to 6.7 ms, 48 hits)")
    }

    /// A drummer with ±5.0 ms of random spread, beat 4 7.5 ms off (the
    /// stroke and its &). The plain SD counts the beat's lean as spread; the
    /// spread told leaves out the tendencies named, and holds the 5 ms made
    /// (plus the 1.5 ms by which the simulated limbs are apart, halved
    /// where two notes sound together).
    @Test func theSpreadToldIsTheSpreadMadeOnceTheBeatIsTakenOut() throws {
        let player = SimulatedPlayer(
            seed: 1, meanOffsetMs: 0, spreadMs: 5, driftMsPerMinute: 0, beatBiasMs: [0, 0, 0, 7.5], missProbability: 0)
        let hits = try FindingsCalibrationTests.hits(player, bars: 48)
        let settings = ReportSettings(spec: TimelineSpec(tempo: Tempo(bpm: 100), meter: .fourFour), scoring: ScoringSettings(subdivision: 2))
        let findings = Findings.of(settings: settings, hits: hits)
        let spread = try #require(findings.last)
        #expect(spread.kind == .consistency)
        #expect(spread.text == "your spread beyond the tendencies above: ±5.0 ms over 384 hits (95 %: 4.7 to 5.4 ms)")
        let plain = try #require(ResidualSpread(FindingObservation.from(hits, counting: .matched, settings: settings), removing: []))
        #expect(NumberText.fixed(plain.sd, 1) == "5.9")
    }

    @Test func positionBiasesAreReadFromBeatPartAndMilliseconds() {
        #expect(PositionBias(parsing: "3.1:-6") == PositionBias(beat: 3, part: 1, ms: -6))
        #expect(PositionBias(parsing: "2.3:4.5") == PositionBias(beat: 2, part: 3, ms: 4.5))
        #expect(PositionBias(parsing: "3:-6") == nil)
        #expect(PositionBias(parsing: "0.1:5") == nil)
        #expect(PositionBias(parsing: "1.1:2000") == nil)
    }

    @Test func theGridHoldsEachPlaceOfTheBeat() {
        let hits = FindingsTests.hits(bars: 2, subdivision: 2) { $0.subdivision == 2 ? Double($0.bar) : -1 }
        let grid = PositionSummary.grid(hits)
        #expect(grid.count == 8)
        #expect(grid[0] == PositionSummary(beat: 1, subdivision: 1, hits: 2, matched: 2, meanOffsetMs: -1, sdOffsetMs: 0))
        #expect(grid[1] == PositionSummary(beat: 1, subdivision: 2, hits: 2, matched: 2, meanOffsetMs: 1.5, sdOffsetMs: 0.5.squareRoot()))
    }
}
