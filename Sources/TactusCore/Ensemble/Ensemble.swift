import Foundation

/// The ensemble part of a group report, from the players' own scoring: every
/// pair's asynchrony on the positions both played, who leads on each beat,
/// whether one adapts to the other, and the claims the evidence supports.
///
/// A claim needs its 95 % interval to exclude zero, an effect of at least
/// `minimumEffectMs` and at least `minimumN` values, and survives Holm's
/// step-down correction over every test made for the report, so the chance
/// of any false claim in a report stays at 5 %. Means of serially correlated
/// offsets use an effective n (see `SeriesEstimate`).
public enum Ensemble {
    public static let minimumEffectMs = 3.0
    public static let minimumN = 8
    public static let familyAlpha = 0.05

    public static func report(_ players: [PlayerReport]) -> EnsembleReport {
        var pairs: [EnsemblePair] = []
        var tests: [FindingClaim] = []
        for first in players.indices {
            for second in players.indices where second > first {
                let (pair, pairTests) = analyze(players[first], players[second])
                pairs.append(pair)
                tests += pairTests
            }
        }
        let kept = FindingStatistics.holm(tests.map(\.p), alpha: familyAlpha)
        return EnsembleReport(pairs: pairs, findings: zip(tests, kept).compactMap { $1 ? $0.finding : nil })
    }

    /// One pair (A = `a`, B = `b`) and the tests it adds to the family.
    static func analyze(_ a: PlayerReport, _ b: PlayerReport) -> (EnsemblePair, [FindingClaim]) {
        let names = [a.name, b.name]
        let series = EnsembleAsynchrony.series(a.hits, b.hits)
        let asynchronies = series.map(\.asynchronyMs)
        let overall = SeriesEstimate(asynchronies)
        var tests: [FindingClaim] = []
        if let overall {
            tests.append(asynchronyTest(overall, names: names, beat: nil))
        }
        var byBeat: [EnsembleBeat] = []
        let beats = Set(series.filter { $0.position.subdivision == 1 }.map(\.position.beat)).sorted()
        // A beat's values are a bar apart: their neighbours' correlation is
        // the whole series' (bias-corrected) r₁ to the power of the values in between.
        let spacing = Double(series.count) / Double(max(1, Set(series.map(\.position.bar)).count))
        let barLag1 = overall.map { estimate in
            pow(min(max(estimate.lag1Corrected, 0), 0.99), max(spacing, 1))
        }
        for beat in beats {
            let values = series.filter { $0.position.beat == beat && $0.position.subdivision == 1 }.map(\.asynchronyMs)
            guard let estimate = SeriesEstimate(values, lag1: barLag1) else { continue }
            let leader: String? = estimate.mean > 0 ? b.name : estimate.mean < 0 ? a.name : nil
            byBeat.append(EnsembleBeat(
                beat: beat, n: estimate.n, meanAsynchronyMs: estimate.mean, ci95: estimate.ci95, leader: leader,
                leadMs: abs(estimate.mean)))
            if beats.count > 1 { tests.append(asynchronyTest(estimate, names: names, beat: beat)) }
        }
        var adaptation: [EnsembleAdaptation] = []
        let aOffsets = series.map(\.aOffsetMs), bOffsets = series.map(\.bOffsetMs)
        for (player, other, own, theirs) in [(a.name, b.name, aOffsets, bOffsets), (b.name, a.name, bOffsets, aOffsets)] {
            guard let regression = CrossLagRegression(y: own, x: theirs) else { continue }
            adaptation.append(EnsembleAdaptation(
                player: player, toward: other, estimate: regression.gamma, ci95: regression.ci95, n: regression.n))
            let spread = SeriesEstimate(theirs)?.sd ?? 0
            tests.append(adaptationTest(regression, player: player, toward: other, otherSdMs: spread, names: names))
        }
        let pair = EnsemblePair(
            players: names, n: series.count, meanAsynchronyMs: overall?.mean ?? (series.count == 1 ? asynchronies[0] : nil),
            sdAsynchronyMs: overall?.sd, ci95: overall?.ci95 ?? [], lag1Autocorrelation: overall?.lag1,
            effectiveN: overall?.effectiveN ?? Double(series.count), byBeat: byBeat, adaptation: adaptation)
        return (pair, tests)
    }

    static func asynchronyTest(_ estimate: SeriesEstimate, names: [String], beat: Int?) -> FindingClaim {
        let behind = estimate.mean > 0
        let (late, ahead) = behind ? (names[0], names[1]) : (names[1], names[0])
        let place = beat.map { "On beat \($0) " } ?? ""
        let text = "\(place)\(late) plays \(NumberText.fixed(abs(estimate.mean), 1)) ms behind \(ahead)"
            + " (95 %: \(interval(estimate.ci95, sign: behind ? 1 : -1)) ms, \(estimate.n) hits together)"
        let finding = Finding(
            kind: .asynchrony, beat: beat, direction: behind ? .late : .early, estimate: estimate.mean, unit: "ms",
            ci95: estimate.ci95, n: estimate.n, text: text, players: names)
        let claimable = abs(estimate.mean) >= minimumEffectMs && estimate.n >= minimumN
            && (estimate.ci95[0] > 0 || estimate.ci95[1] < 0)
        return FindingClaim(p: estimate.p, finding: claimable ? finding : nil)
    }

    static func adaptationTest(
        _ regression: CrossLagRegression, player: String, toward: String, otherSdMs: Double, names: [String]
    ) -> FindingClaim {
        let follows = regression.gamma > 0
        let percent = NumberText.fixed(abs(regression.gamma) * 100, 0)
        let low = NumberText.fixed(regression.ci95[0] * 100, 0), high = NumberText.fixed(regression.ci95[1] * 100, 0)
        let text = follows
            ? "\(player) follows \(toward): takes up \(percent) % of \(toward)'s last deviation at the next note (95 %: \(low) to \(high) %, \(regression.n) hits)"
            : "\(player) moves away from \(toward)'s last deviation by \(percent) % (95 %: \(low) to \(high) %, \(regression.n) hits)"
        let finding = Finding(
            kind: .adaptation, direction: follows ? .late : .early, estimate: regression.gamma, unit: "fraction",
            ci95: regression.ci95, n: regression.n, text: text, players: [player, toward])
        let claimable = abs(regression.gamma) * otherSdMs >= minimumEffectMs && regression.n >= minimumN
            && (regression.ci95[0] > 0 || regression.ci95[1] < 0)
        return FindingClaim(p: regression.p, finding: claimable ? finding : nil)
    }

    /// "3.1 to 9.3": the interval in the direction the text speaks of.
    static func interval(_ ci: [Double], sign: Double) -> String {
        let ends = ci.map { $0 * sign }.sorted()
        return "\(NumberText.fixed(ends[0], 1)) to \(NumberText.fixed(ends[1], 1))"
    }
}
