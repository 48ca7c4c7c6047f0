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
        let (y, yStep) = chart.symmetricYScale(reach: max(min(largest * 1.05, 100), 10), count: 8)
        chart.yAxis(y, ticks: y.ticks(step: yStep), title: "ms (+ \(pair.players[0]) behind)", format: signedLabel)
        chart.timeAxis(x)
        if let mean = pair.meanAsynchronyMs {
            let level = y(y.clamped(mean))
            chart.add(line(chart.plotLeft, level, chart.plotRight, level, class: "mean-line"))
        }
        for point in thinned(series) {
            let shown = y.clamped(point.asynchronyMs)
            chart.add(circle(
                x(point.timeS), y(shown), radius: 2.4, class: "hit " + (point.asynchronyMs >= 0 ? "late" : "early"),
                title: "bar \(point.position.bar) beat \(point.position.beat): \(signedLabel(point.asynchronyMs)) ms"))
            chart.points += 1
        }
        return chart
    }
}
