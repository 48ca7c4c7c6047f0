extension SVGChart {
    /// Free time: the tempo of each whole bar of the player's own pulse, the
    /// bars a tempo finding names shaded behind (a section, or the bar a step
    /// happens at), each with the finding's text as its title.
    static func tempoCurve(_ report: PracticeReport, pulse: PulseReport) -> SVGChart {
        var chart = SVGChart(id: "tempo-curve", label: "Tempo of each bar of your own pulse, with the bars the advice names shaded")
        let bars = pulse.bars
        let tempi = bars.map(\.bpm)
        let low = tempi.min() ?? 100, high = tempi.max() ?? 100
        let margin = max((high - low) * 0.15, 1)
        let step = ChartScale.niceStep(span: high - low + 2 * margin, count: 6)
        let y = chart.yScale(ChartScale.roundUp(low - margin - step, to: step), ChartScale.roundUp(high + margin, to: step))
        let firstBar = Double(bars.first?.bar ?? 1)
        let lastBar = Double(bars.last?.bar ?? 1)
        let x = chart.xScale(firstBar - 0.5, lastBar + 0.5)
        for finding in report.findings where finding.kind == .tempo {
            guard let named = finding.bars, named.count == 2 else { continue }
            let from = Double(named[0]) - 0.5, to = Double(named[1]) + 0.5
            chart.add(rect(x(from), chart.plotTop, x(to), chart.plotBottom, class: "band tempo-\(finding.aspect ?? "section")", title: finding.text))
        }
        chart.yAxis(y, ticks: y.ticks(step: step), title: "BPM", format: { NumberText.fixed($0, step < 1 ? 1 : 0) })
        let xStep = max(1, ChartScale.niceStep(span: lastBar - firstBar + 1, count: 6))
        chart.xAxis(x, ticks: x.ticks(step: xStep).filter { $0 >= 1 }.map { ($0, NumberText.fixed($0, 0)) }, title: "bar")
        let points = bars.map { (x: x(Double($0.bar)), y: y(y.clamped($0.bpm))) }
        if points.count > 1 { chart.add(polyline(points, class: "series")) }
        for (bar, point) in zip(bars, points) {
            chart.add(circle(point.x, point.y, radius: 2.6, class: "bar-point", title: "bar \(bar.bar): \(NumberText.fixed(bar.bpm, 2)) BPM"))
            chart.points += 1
        }
        return chart
    }
}
