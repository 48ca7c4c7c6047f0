extension SVGChart {
    /// The most hits the scatter draws; longer sessions are thinned evenly.
    static let scatterPointLimit = 12_000
    /// The most points the bar line draws; longer sessions average neighbouring bars.
    static let barPointLimit = 1_500

    /// The windows in ms at the session's starting tempo (percent windows scale with it).
    static func windowsMs(_ settings: ReportSettings) -> (perfect: Double, good: Double, ok: Double) {
        let beatMs = 60_000 / max(settings.tempo.bpm, 1)
        return settings.scoring.windows.milliseconds(subdivisionMs: beatMs / Double(max(settings.scoring.subdivision, 1)))
    }

    /// The CSS class of an offset by the window it falls in.
    static func gradeClass(offsetMs: Double, windows: (perfect: Double, good: Double, ok: Double)) -> String {
        let distance = abs(offsetMs)
        return distance <= windows.perfect ? "perfect" : distance <= windows.good ? "good" : distance <= windows.ok ? "ok" : "extra"
    }

    /// Every hit's offset against its time, the windows shaded behind, misses
    /// marked with × along the top. Count-in hits are left out; hits in bars
    /// without click are drawn hollow; offsets beyond the axis sit on its edge.
    static func offsetScatter(_ report: PracticeReport) -> SVGChart {
        var chart = SVGChart(id: "offset-scatter", label: "Offset of every hit over time, with the timing windows shaded and misses marked")
        let windows = windowsMs(report.settings)
        let hits = report.hits.filter { !$0.countIn }
        let duration = report.summary.durationS + (report.withoutClick?.durationS ?? 0)
        let lastTime = max(hits.map(\.timeS).max() ?? 0, report.misses.map(\.timeS).max() ?? 0)
        let x = chart.xScale(0, max(duration, lastTime, 1))

        let largest = hits.map { abs($0.offsetMs) }.max() ?? 0
        let (y, yStep) = chart.symmetricYScale(reach: max(windows.ok * 1.3, min(largest * 1.05, windows.ok * 3), 5), count: 8)

        for (name, half) in [("band-ok", windows.ok), ("band-good", windows.good), ("band-perfect", windows.perfect)] where half > 0 {
            chart.add(rect(chart.plotLeft, y(y.clamped(half)), chart.plotRight, y(y.clamped(-half)), class: "band \(name)"))
        }
        chart.yAxis(y, ticks: y.ticks(step: yStep), title: "offset ms (+ late)", format: signedLabel)
        chart.timeAxis(x)

        for hit in thinned(hits) {
            let shown = y.clamped(hit.offsetMs)
            var name = "hit \(hit.grade.rawValue)"
            if hit.muted { name += " muted" }
            if shown != hit.offsetMs { name += " clipped" }
            chart.add(circle(x(hit.timeS), y(shown), radius: 2.4, class: name))
            chart.points += 1
        }
        for miss in thinned(report.misses) {
            chart.add(cross(x(miss.timeS), chart.plotTop + 5, size: 3.5, class: "miss"))
            chart.points += 1
        }
        return chart
    }

    /// At most `scatterPointLimit` of `items`, evenly spaced from the first.
    static func thinned<Item>(_ items: [Item]) -> [Item] {
        let step = max(1, (items.count + scatterPointLimit - 1) / scatterPointLimit)
        return stride(from: 0, to: items.count, by: step).map { items[$0] }
    }

    /// The offset histogram: twenty 5 ms bins from -50 to +50 ms, with the
    /// offsets beyond them in a bar at each end, coloured by window.
    static func offsetHistogram(_ report: PracticeReport) -> SVGChart {
        var chart = SVGChart(id: "offset-histogram", label: "Histogram of hit offsets in 5 ms bins", height: 230)
        let windows = windowsMs(report.settings)
        let histogram = report.histogram
        var bins: [(label: String, count: Int, centre: Double?)] = [("< -50", histogram.under, nil)]
        for (index, count) in histogram.counts.enumerated() {
            let lower = OffsetHistogram.lowerMs(ofBin: index)
            bins.append((signedLabel(lower), count, lower + OffsetHistogram.binMs / 2))
        }
        bins.append(("> +50", histogram.over, nil))

        let largest = Double(bins.map(\.count).max() ?? 0)
        let step = max(1, ChartScale.niceStep(span: max(largest, 1), count: 5).rounded(.up))
        let y = chart.yScale(0, max(ChartScale.roundUp(largest, to: step), step))
        chart.yAxis(y, ticks: y.ticks(step: step), title: "hits", format: compactCount)
        let slot = (chart.plotRight - chart.plotLeft) / Double(bins.count)
        for (index, bin) in bins.enumerated() where bin.count > 0 {
            let left = chart.plotLeft + Double(index) * slot
            let grade = bin.centre.map { gradeClass(offsetMs: $0, windows: windows) } ?? "extra"
            let range = bin.centre.map { "\(signedLabel($0 - 2.5)) to \(signedLabel($0 + 2.5)) ms" } ?? "\(bin.label) ms"
            chart.add(rect(left + 1.5, y(0), left + slot - 1.5, y(Double(bin.count)), class: "bin \(grade)", title: "\(range): \(bin.count) hits"))
            chart.points += 1
        }
        // Bin edges every 10 ms (edge k is the left edge of slot k), and the end bars marked < and >.
        let axis = chart.xScale(0, Double(bins.count))
        var ticks: [(value: Double, label: String)] = [(0.5, "<")]
        for edge in stride(from: 1, through: bins.count - 1, by: 2) {
            ticks.append((Double(edge), signedLabel(OffsetHistogram.lowerMs(ofBin: edge - 1))))
        }
        ticks.append((Double(bins.count) - 0.5, ">"))
        chart.xAxis(axis, ticks: ticks, title: "offset ms (5 ms bins; < and > hold the hits beyond ±50 ms)")
        return chart
    }

    /// Mean offset per beat of the bar as a bar from zero, with a whisker of
    /// ± one standard deviation.
    static func beatOffsets(_ report: PracticeReport) -> SVGChart {
        var chart = SVGChart(id: "beat-offsets", label: "Mean offset per beat of the bar with plus and minus one standard deviation", width: 370)
        let rows = report.byBeat.filter { $0.meanOffsetMs != nil }
        let reach = rows.map { abs($0.meanOffsetMs ?? 0) + ($0.sdOffsetMs ?? 0) }.max() ?? 0
        let (y, step) = chart.symmetricYScale(reach: max(reach * 1.1, 10), count: 6)
        chart.yAxis(y, ticks: y.ticks(step: step), title: "mean offset ms (+ late)", format: signedLabel)
        let beats = report.byBeat.map(\.key)
        let slot = (chart.plotRight - chart.plotLeft) / Double(max(beats.count, 1))
        let axis = chart.xScale(0, Double(max(beats.count, 1)))
        chart.xAxis(axis, ticks: beats.enumerated().map { (Double($0.offset) + 0.5, "\($0.element)") }, title: "beat")
        for (index, row) in report.byBeat.enumerated() {
            guard let mean = row.meanOffsetMs else { continue }
            let centre = chart.plotLeft + (Double(index) + 0.5) * slot
            let half = min(slot * 0.3, 26)
            let title = "beat \(row.key): mean \(NumberText.signed(mean, 1)) ms, SD \(row.sdOffsetMs.map { NumberText.fixed($0, 1) } ?? "n/a") ms, \(row.matched) hits"
            chart.add(rect(centre - half, y(0), centre + half, y(y.clamped(mean)), class: "beat \(mean > 0 ? "late" : "early")", title: title))
            if let sd = row.sdOffsetMs {
                let top = y(y.clamped(mean + sd))
                let bottom = y(y.clamped(mean - sd))
                chart.add(line(centre, top, centre, bottom, class: "whisker"))
                chart.add(line(centre - half / 2, top, centre + half / 2, top, class: "whisker"))
                chart.add(line(centre - half / 2, bottom, centre + half / 2, bottom, class: "whisker"))
            }
            // The value sits beyond the whisker's end, away from zero.
            let end = mean >= 0 ? y(y.clamped(mean + (row.sdOffsetMs ?? 0))) - 6 : y(y.clamped(mean - (row.sdOffsetMs ?? 0))) + 15
            chart.add(text(NumberText.signed(mean, 1), x: centre, y: end, class: "value", anchor: "middle"))
            chart.points += 1
        }
        return chart
    }

    /// Mean offset bar by bar as a line (broken where a bar has no matched
    /// hit), the good window shaded; bars without click drawn hollow. Long
    /// sessions average neighbouring bars into one point.
    static func barMeans(_ report: PracticeReport) -> SVGChart {
        var chart = SVGChart(id: "bar-means", label: "Mean offset of each bar", width: 370)
        let windows = windowsMs(report.settings)
        let bars = report.bars
        let group = max(1, (bars.count + barPointLimit - 1) / barPointLimit)
        var points: [(bar: Double, mean: Double?, muted: Bool, label: String)] = []
        var start = 0
        while start < bars.count {
            let slice = bars[start..<min(start + group, bars.count)]
            let means = slice.compactMap(\.meanOffsetMs)
            let mean = means.isEmpty ? nil : means.reduce(0, +) / Double(means.count)
            let first = slice.first?.bar ?? 0
            let last = slice.last?.bar ?? first
            let label = first == last ? "bar \(first)" : "bars \(first)–\(last)"
            points.append((Double(first + last) / 2, mean, slice.allSatisfy(\.muted), label))
            start += group
        }
        let reach = points.compactMap { $0.mean.map(abs) }.max() ?? 0
        let (y, step) = chart.symmetricYScale(reach: max(reach * 1.1, windows.good, 10), count: 6)
        let firstBar = Double(bars.first?.bar ?? 1)
        let lastBar = Double(bars.last?.bar ?? 1)
        let x = chart.xScale(firstBar - 0.5, lastBar + 0.5)
        if windows.good > 0 {
            chart.add(rect(chart.plotLeft, y(y.clamped(windows.good)), chart.plotRight, y(y.clamped(-windows.good)), class: "band band-good"))
        }
        chart.yAxis(y, ticks: y.ticks(step: step), title: "mean offset ms (+ late)", format: signedLabel)
        let xStep = max(1, ChartScale.niceStep(span: lastBar - firstBar + 1, count: 6))
        chart.xAxis(x, ticks: x.ticks(step: xStep).filter { $0 >= 1 }.map { ($0, NumberText.fixed($0, 0)) }, title: "bar")

        var run: [(x: Double, y: Double)] = []
        var marks: [String] = []
        for point in points {
            guard let mean = point.mean else {
                if run.count > 1 { chart.add(polyline(run, class: "series")) }
                run = []
                continue
            }
            let position = (x: x(point.bar), y: y(y.clamped(mean)))
            run.append(position)
            marks.append(circle(position.x, position.y, radius: 2.6, class: point.muted ? "bar-point muted" : "bar-point",
                                title: "\(point.label): mean \(NumberText.signed(mean, 1)) ms\(point.muted ? " (no click)" : "")"))
            chart.points += 1
        }
        if run.count > 1 { chart.add(polyline(run, class: "series")) }
        marks.forEach { chart.add($0) }
        return chart
    }

    /// 950 → "950", 12 000 → "12k", 2 500 000 → "2.5M".
    static func compactCount(_ value: Double) -> String {
        if abs(value) >= 1_000_000 { return ReportSummaryText.trimmed(value / 1_000_000) + "M" }
        if abs(value) >= 10_000 { return ReportSummaryText.trimmed(value / 1_000) + "k" }
        return NumberText.fixed(value, 0)
    }
}
