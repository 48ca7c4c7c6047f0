extension SVGChart {
    /// A pair's asynchrony over time: one dot a position both played
    /// (above the line: A behind B), the mean as a line. Id `asynchrony-N`
    /// for the Nth pair (from 1).
    static func asynchrony(_ series: [EnsembleAsynchrony], pair: EnsemblePair, number: Int) -> SVGChart {
        var chart = SVGChart(
            id: "asynchrony-\(number)",
            label: "Asynchrony of \(pair.players[0]) against \(pair.players[1]) at every position both played")
        let lastTime = series.map(\.timeS).max() ?? 0
        let x = chart.xScale(0, max(lastTime, 1))
        let largest = series.map { abs($0.asynchronyMs) }.max() ?? 0
        let reach = max(min(largest * 1.05, 100), 10)
        let yStep = ChartScale.niceStep(span: 2 * reach, count: 8)
        let yMax = ChartScale.roundUp(reach, to: yStep)
        let y = chart.yScale(-yMax, yMax)
        chart.yAxis(y, ticks: y.ticks(step: yStep), title: "ms (+ \(pair.players[0]) behind)", format: signedLabel)
        let unit: (seconds: Double, name: String) = x.upper <= 300 ? (1, "s") : x.upper <= 3 * 3600 ? (60, "min") : (3600, "h")
        let xStep = ChartScale.niceStep(span: x.upper / unit.seconds, count: 8) * unit.seconds
        chart.xAxis(x, ticks: x.ticks(step: xStep).map { ($0, ReportSummaryText.trimmed($0 / unit.seconds)) }, title: "time \(unit.name)")
        if let mean = pair.meanAsynchronyMs {
            let level = y(y.clamped(mean))
            chart.add(line(chart.plotLeft, level, chart.plotRight, level, class: "mean-line"))
        }
        let stride = max(1, (series.count + scatterPointLimit - 1) / scatterPointLimit)
        var index = 0
        while index < series.count {
            let point = series[index]
            let shown = y.clamped(point.asynchronyMs)
            chart.add(circle(
                x(point.timeS), y(shown), radius: 2.4, class: "hit " + (point.asynchronyMs >= 0 ? "late" : "early"),
                title: "bar \(point.position.bar) beat \(point.position.beat): \(signedLabel(point.asynchronyMs)) ms"))
            chart.points += 1
            index += stride
        }
        return chart
    }
}
