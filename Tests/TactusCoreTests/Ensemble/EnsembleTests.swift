import Foundation
import Testing
@testable import TactusCore

@Suite struct EnsembleTests {
    /// A hit on `position` with `offsetMs` (a grid at 120 BPM in 4/4, 48 kHz).
    static func hit(_ position: GridPosition, _ offsetMs: Double, grade: HitGrade = .good, countIn: Bool = false) -> ScoredHit {
        let beats = (position.bar - 1) * 4 + position.beat - 1
        let gridFrame = Int64(beats * 24_000)
        let frame = gridFrame + Int64((offsetMs * 48).rounded())
        return ScoredHit(
            frame: frame, gridFrame: gridFrame, timeS: Double(frame) / 48_000, position: position, offsetMs: offsetMs,
            note: 38, velocity: 100, channel: 1, grade: grade, countIn: countIn)
    }

    static let summary = TimingSummary(
        hits: 0, matched: 0, misses: 0, extras: 0, meanOffsetMs: nil, sdOffsetMs: nil, meanAbsOffsetMs: nil,
        medianOffsetMs: nil, p95AbsOffsetMs: nil, perfect: 0, good: 0, ok: 0, percentInWindow: 0, driftMsPerMinute: nil,
        lag1Autocorrelation: nil, ioiSdMs: nil, score: 0, durationS: 0)

    static func player(_ name: String, _ hits: [ScoredHit]) -> PlayerReport {
        PlayerReport(name: name, port: "system:midi_capture_\(name)", summary: summary, hits: hits)
    }

    static func positions(_ count: Int) -> [GridPosition] {
        (0..<count).map { GridPosition(bar: $0 / 4 + 1, beat: $0 % 4 + 1) }
    }

    @Test func studentTQuantilesAndPValues() {
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 1) - 12.706204736174694) < 1e-6)
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 3) - 3.1824463052837078) < 1e-7)
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 10) - 2.228138851986274) < 1e-7)
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 2.5) - 3.5746548420036817) < 1e-7)
        #expect(abs(StudentT.twoSidedP(2.0, df: 7) - 0.08561932856297605) < 1e-9)
        #expect(StudentT.twoSidedP(0, df: 7) == 1)
    }

    @Test func pairUsesPositionsBothPlayedWithEachFirstHit() {
        let p = Self.positions(6)
        let anna = Self.player("anna", [
            Self.hit(p[0], 5), Self.hit(p[0], 30), Self.hit(p[1], 7), Self.hit(p[2], 3), Self.hit(p[3], 9),
            Self.hit(p[4], 80, grade: .extra), Self.hit(GridPosition(bar: 0, beat: 4), 1, countIn: true),
        ])
        let ben = Self.player("ben", [
            Self.hit(p[0], 1), Self.hit(p[1], 1), Self.hit(p[2], 1), Self.hit(p[3], 1), Self.hit(p[4], 1), Self.hit(p[5], 1),
            Self.hit(GridPosition(bar: 0, beat: 4), 3, countIn: true),
        ])
        let series = EnsembleAsynchrony.series(anna.hits, ben.hits)
        #expect(series.map(\.position) == Array(p[0..<4]))
        #expect(series.map(\.asynchronyMs) == [4, 6, 2, 8])
        let pair = Ensemble.report([anna, ben]).pairs[0]
        #expect(pair.players == ["anna", "ben"])
        #expect(pair.n == 4)
        #expect(pair.meanAsynchronyMs == 5)
        #expect(abs(pair.sdAsynchronyMs! - 2.581988897471611) < 1e-12)
        // Negative lag-1 autocorrelation (-0.65) leaves n as it is: t(3).
        #expect(pair.lag1Autocorrelation == -0.65)
        #expect(pair.effectiveN == 4)
        #expect(abs(pair.ci95[0] - 0.8914794864789588) < 1e-6)
        #expect(abs(pair.ci95[1] - 9.108520513521041) < 1e-6)
        // One position a beat: too few for a beat's interval.
        #expect(pair.byBeat.isEmpty)
    }

    @Test func serialCorrelationShrinksTheEffectiveN() throws {
        let estimate = try #require(SeriesEstimate([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(estimate.lag1 == 0.625)
        // 8 × 0.375 / 1.625 = 1.85, held at 2: one degree of freedom.
        #expect(estimate.effectiveN == 2)
        #expect(abs(estimate.ci95[0] - -17.507792174426868) < 1e-5)
        #expect(abs(estimate.ci95[1] - 26.507792174426868) < 1e-5)
    }

    @Test func holmStepsDownAndStopsAtTheFirstKept() {
        #expect(FindingStatistics.holm([0.01, 0.04, 0.03, 0.005], alpha: 0.05) == [true, false, false, true])
        #expect(FindingStatistics.holm([0.01, 0.02], alpha: 0.05) == [true, true])
        #expect(FindingStatistics.holm([], alpha: 0.05) == [])
    }

    @Test func crossLagRegressionRecoversAnExactCorrection() throws {
        var random = SplitMix64(seed: 7)
        let x = (0..<40).map { _ in 10 * random.nextSignedUnit() }
        var y = [2.0]
        for k in 0..<39 { y.append(1 + 0.2 * y[k] + 0.5 * x[k]) }
        let regression = try #require(CrossLagRegression(y: y, x: x))
        #expect(regression.n == 39)
        #expect(abs(regression.gamma - 0.5) < 1e-9)
        #expect(abs(regression.ci95[0] - 0.5) < 1e-6 && abs(regression.ci95[1] - 0.5) < 1e-6)
    }

    /// Offsets of one simulated player: a steady `biasMs` plus AR(1) noise
    /// (coefficient `phi`, overall spread `sdMs`).
    static func offsets(_ random: inout SplitMix64, count: Int, biasMs: Double, sdMs: Double, phi: Double) -> [Double] {
        var value = 0.0
        var list: [Double] = []
        let innovation = sdMs * (1 - phi * phi).squareRoot()
        for index in 0..<count {
            let draw = normal(&random)
            value = index == 0 ? sdMs * draw : phi * value + innovation * draw
            list.append(biasMs + value)
        }
        return list
    }

    static func normal(_ random: inout SplitMix64) -> Double {
        let u = (random.nextSignedUnit() + 1) / 2
        let v = (random.nextSignedUnit() + 1) / 2
        return (-2 * log(max(u, 1e-300))).squareRoot() * cos(2 * Double.pi * v)
    }

    static func players(_ offsets: [[Double]]) -> [PlayerReport] {
        offsets.enumerated().map { index, list in
            player("p\(index + 1)", zip(positions(list.count), list).map { hit($0, $1) })
        }
    }

    @Test func noiseOnlyPairsRarelyClaimAnything() {
        // Three players with the same bias and strongly correlated drift: a
        // naive interval would claim in most seeds; the effective n and Holm
        // keep false claims (any finding in a report) at 5 % or fewer.
        var falseClaims = 0
        let seeds = 200
        for seed in 0..<seeds {
            var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
            let offsets = (0..<3).map { _ in Self.offsets(&random, count: 128, biasMs: 4, sdMs: 12, phi: 0.8) }
            if !Ensemble.report(Self.players(offsets)).findings.isEmpty { falseClaims += 1 }
        }
        #expect(falseClaims * 20 <= seeds, "false claims in \(falseClaims) of \(seeds) seeds")
    }

    @Test func aSteadyLeadAndAFollowerAreClaimed() throws {
        var random = SplitMix64(seed: 3)
        let leader = Self.offsets(&random, count: 128, biasMs: 0, sdMs: 8, phi: 0)
        var follower: [Double] = [12]
        for k in 0..<127 { follower.append(12 + 0.6 * leader[k] + 3 * Self.normal(&random)) }
        let report = Ensemble.report(Self.players([follower, leader]))
        let asynchrony = try #require(report.findings.first { $0.kind == .asynchrony && $0.beat == nil })
        #expect(asynchrony.players == ["p1", "p2"])
        #expect(asynchrony.direction == .late)
        #expect(asynchrony.estimate > 9 && asynchrony.estimate < 15)
        #expect(asynchrony.text.hasPrefix("p1 plays 1"))
        let adaptation = try #require(report.findings.first { $0.kind == .adaptation })
        #expect(adaptation.players == ["p1", "p2"])
        #expect(adaptation.direction == .late)
        #expect(adaptation.ci95[0] > 0.4 && adaptation.ci95[1] < 0.8)
        #expect(!report.findings.contains { $0.kind == .adaptation && $0.players == ["p2", "p1"] })
    }
}
