/// What a take played without a click says about its tempo, from the
/// whole bars of the player's pulse: whether it steps to a new tempo at one
/// bar (the medians of the bars before and after, at the bar where they
/// differ most, tested against every bar it could have been), whether it
/// drifts (a straight line of bar tempo against time, the step taken out,
/// fitted again without the bars far off it), and which bars leave that
/// line (each bar's distance from it, against the spread of all bars
/// around it, robustly). The claims join the take's others under one
/// control of false claims; adjacent bars claimed on the same side become
/// one section.
enum TempoFindings {
    /// Fewer whole bars make no tempo claim.
    static let minimumBars = 8
    /// A drift smaller than this many BPM a minute, or than
    /// `relevantChangeBpm` over the take, is not worth telling.
    static let relevantDriftBpmPerMinute = 0.5
    static let relevantChangeBpm = 1.0
    /// A bar off the trend by less than this is not a section.
    static let relevantSectionBpm = 2.0

    static func claims(_ pulse: PulseReport) -> [FindingClaim] {
        let bars = pulse.bars
        guard bars.count >= minimumBars else { return [] }
        let minutes = bars.map { $0.timeS / 60 }
        var tempi = bars.map(\.bpm)
        var claims: [FindingClaim] = []
        // A step, where two levels fit the bars far better than one line
        // (a drift is a line, and would look like a step to the medians alone).
        if let step = step(tempi), let whole = FindingStatistics.line(x: minutes, y: tempi),
           spread(step.residuals) < 0.5 * spread(residuals(minutes, tempi, whole)) {
            let relevant = abs(step.estimate.value) >= relevantSectionBpm
            claims.append(FindingClaim(
                p: step.p, finding: relevant ? stepFinding(step.estimate, bar: bars[step.at].bar, before: step.before) : nil))
            // The drift and the sections are of the tempo with the step taken out.
            if step.p <= Findings.alpha / Double(bars.count) {
                for index in step.at..<tempi.count { tempi[index] -= step.estimate.value }
            }
        }
        guard var trend = FindingStatistics.line(x: minutes, y: tempi) else { return [] }
        // The trend again without bars far off it (a fill, a rushed chorus).
        let first = residuals(minutes, tempi, trend)
        let firstScale = spread(first)
        let kept = bars.indices.filter { firstScale == 0 || abs(first[$0]) <= 3 * firstScale }
        if kept.count >= minimumBars, kept.count < bars.count,
           let refit = FindingStatistics.line(x: kept.map { minutes[$0] }, y: kept.map { tempi[$0] }) {
            trend = refit
        }
        let slope = trend.slope
        let span = minutes[minutes.count - 1] - minutes[0]
        let relevant = abs(slope.value) >= relevantDriftBpmPerMinute && abs(slope.value) * span >= relevantChangeBpm
        claims.append(FindingClaim(p: slope.p(), finding: relevant ? drift(slope, minutes: span, pulse: pulse) : nil))

        let offTrend = residuals(minutes, tempi, trend)
        let scale = spread(offTrend)
        guard scale > 0 else { return claims }
        for (index, bar) in bars.enumerated() {
            let estimate = FindingEstimate(value: offTrend[index], standardError: scale, degreesOfFreedom: Double(bars.count - 2), n: 1)
            let expected = trend.intercept + slope.value * minutes[index]
            let big = abs(estimate.value) >= max(relevantSectionBpm, 0.02 * expected)
            let finding = section(value: estimate.value, ci95: estimate.ci95, n: estimate.n, bars: [bar.bar, bar.bar])
            claims.append(FindingClaim(p: estimate.p(), finding: big ? finding : nil))
        }
        return claims
    }

    /// The bar where the tempo most clearly steps: the difference of the
    /// medians after and before it, its standard error from the bar-to-bar
    /// noise (the median absolute difference of neighbours), and a p-value
    /// that pays for every bar it could have been (Bonferroni).
    static func step(_ tempi: [Double]) -> (at: Int, before: Double, estimate: FindingEstimate, p: Double, residuals: [Double])? {
        let count = tempi.count
        let differences = zip(tempi.dropFirst(), tempi).map { abs($0 - $1) }
        let noise = 1.4826 * (OrderStatistics.median(differences) ?? 0) / 2.squareRoot()
        guard count >= 2 * minimumSide, noise > 0 else { return nil }
        var best: (at: Int, before: Double, estimate: FindingEstimate)?
        var sides = SplitMedians(tempi)
        for at in minimumSide...(count - minimumSide) {
            while sides.split < at { sides.advance() }
            let before = sides.before ?? 0, after = sides.after ?? 0
            // A median's error is about 1.25 times a mean's.
            let error = 1.2533 * noise * (1 / Double(at) + 1 / Double(count - at)).squareRoot()
            let estimate = FindingEstimate(value: after - before, standardError: error, degreesOfFreedom: Double(count - 2), n: count)
            if abs(estimate.value) / error > abs(best?.estimate.value ?? 0) / (best?.estimate.standardError ?? 1) {
                best = (at, before, estimate)
            }
        }
        guard let best else { return nil }
        let after = best.before + best.estimate.value
        let residuals = tempi.indices.map { tempi[$0] - ($0 < best.at ? best.before : after) }
        return (best.at, best.before, best.estimate, min(1, best.estimate.p() * Double(count - 2 * minimumSide + 1)), residuals)
    }

    /// Bars each side of a step, at least.
    static let minimumSide = 4

    static func stepFinding(_ estimate: FindingEstimate, bar: Int, before: Double) -> Finding {
        let faster = estimate.value >= 0
        let text = "at bar \(bar) the tempo steps \(faster ? "up" : "down") from \(NumberText.fixed(before, 1)) to"
            + " \(NumberText.fixed(before + estimate.value, 1)) BPM: \(NumberText.signed(estimate.value, 1)) BPM"
            + " (95 %: \(estimate.ci95.map { NumberText.signed($0, 1) }.joined(separator: " to ")), \(estimate.n) bars)"
        return Finding(
            kind: .tempo, direction: faster ? .faster : .slower, estimate: estimate.value, unit: "BPM", ci95: estimate.ci95,
            n: estimate.n, text: text, aspect: "step", bars: [bar, bar])
    }

    /// Adjacent section findings on the same side as one: their mean, its
    /// interval narrowed by the square root of the bars.
    static func merged(_ findings: [Finding]) -> [Finding] {
        var result: [Finding] = []
        for finding in findings {
            guard finding.kind == .tempo, finding.aspect == "section", let bars = finding.bars,
                  let index = result.lastIndex(where: { $0.kind == .tempo && $0.aspect == "section" }),
                  let previous = result[index].bars, previous[1] + 1 == bars[0], result[index].direction == finding.direction
            else {
                result.append(finding)
                continue
            }
            let before = result[index]
            let count = before.n + 1
            let value = (before.estimate * Double(before.n) + finding.estimate) / Double(count)
            let single = (finding.ci95[1] - finding.ci95[0]) / 2
            let margin = single / Double(count).squareRoot()
            var joined = section(value: value, ci95: [value - margin, value + margin], n: count, bars: [previous[0], bars[1]])
            joined.direction = before.direction
            result[index] = joined
        }
        return result
    }

    /// How steadily the tempo holds from bar to bar: the SD of the whole
    /// bars' tempi around the take's trend, once what `findings` claim is
    /// taken out (the step from its bar on, the bars of each section left
    /// out), the trend a straight line through the rest, with its 95 %
    /// interval (χ² with n − 2 degrees of freedom, one less with a step).
    /// It claims nothing: like the spread of offsets it is told whenever
    /// there are `minimumBars` bars, its direction the trend's.
    static func steadiness(_ pulse: PulseReport, findings: [Finding]) -> Finding? {
        let bars = pulse.bars
        guard bars.count >= minimumBars else { return nil }
        var tempi = bars.map(\.bpm)
        var removed = 1
        if let step = findings.first(where: { $0.kind == .tempo && $0.aspect == "step" }), let at = step.bars?.first {
            for index in bars.indices where bars[index].bar >= at { tempi[index] -= step.estimate }
            removed += 1
        }
        let sections = findings.filter { $0.kind == .tempo && $0.aspect == "section" }.compactMap(\.bars)
        let kept = bars.indices.filter { index in !sections.contains { $0[0] <= bars[index].bar && bars[index].bar <= $0[1] } }
        let n = kept.count
        let minutes = kept.map { bars[$0].timeS / 60 }, values = kept.map { tempi[$0] }
        guard n - removed > 1, let fit = FindingStatistics.line(x: minutes, y: values) else { return nil }
        let around = residuals(minutes, values, fit)
        let sd = (around.reduce(0) { $0 + $1 * $1 } / Double(n - 1 - removed)).squareRoot()
        let ci95 = FindingStatistics.spreadInterval(sd: sd, n: n - removed)
        let text = "your tempo holds within ±\(NumberText.fixed(sd, 2)) BPM from bar to bar around its trend"
            + " (95 %: \(NumberText.fixed(ci95[0], 2)) to \(NumberText.fixed(ci95[1], 2)) BPM, \(n) bars)"
        return Finding(
            kind: .tempo, direction: fit.slope.value >= 0 ? .faster : .slower, estimate: sd, unit: "BPM", ci95: ci95, n: n,
            text: text, aspect: "steadiness")
    }

    static func drift(_ line: FindingEstimate, minutes: Double, pulse: PulseReport) -> Finding {
        let ci95 = line.ci95
        let faster = line.value >= 0
        var text = "your tempo \(faster ? "rises" : "falls") as you play: \(NumberText.signed(line.value, 1)) BPM per minute"
        text += " (95 %: \(ci95.map { NumberText.signed($0, 1) }.joined(separator: " to ")), \(line.n) bars over \(NumberText.fixed(minutes, 1)) minutes)"
        if let start = pulse.startBpm, let end = pulse.endBpm {
            text += "; bar by bar from \(NumberText.fixed(start, 1)) to \(NumberText.fixed(end, 1)) BPM"
        }
        return Finding(
            kind: .tempo, direction: faster ? .faster : .slower, estimate: line.value, unit: "BPM/min", ci95: ci95, n: line.n,
            text: text, aspect: "drift")
    }

    static func section(value: Double, ci95: [Double], n: Int, bars: [Int]) -> Finding {
        let faster = value >= 0
        let which = bars[0] == bars[1] ? "bar \(bars[0])" : "bars \(bars[0])–\(bars[1])"
        let text = "\(which) \(n == 1 ? "goes" : "go") \(faster ? "faster" : "slower") than the take's trend: \(NumberText.signed(value, 1)) BPM"
            + " (95 %: \(ci95.map { NumberText.signed($0, 1) }.joined(separator: " to ")), \(n) bar\(n == 1 ? "" : "s"))"
        return Finding(
            kind: .tempo, direction: faster ? .faster : .slower, estimate: value, unit: "BPM", ci95: ci95, n: n, text: text,
            aspect: "section", bars: bars)
    }

    static func residuals(_ x: [Double], _ y: [Double], _ line: (slope: FindingEstimate, intercept: Double)) -> [Double] {
        zip(x, y).map { $1 - (line.intercept + line.slope.value * $0) }
    }

    /// The robust spread of `values` about zero: 1.4826 × the median absolute value.
    static func spread(_ values: [Double]) -> Double {
        1.4826 * (OrderStatistics.median(values.map(abs)) ?? 0)
    }
}
