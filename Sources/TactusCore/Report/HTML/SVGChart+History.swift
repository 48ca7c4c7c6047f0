extension SVGChart {
    /// One number per session, the sessions in the order played (earliest
    /// first, evenly spaced, so several on one day stay apart): a line through
    /// them with a point (and a tooltip with the time) for each. Sessions
    /// without hits, or without the value, have no data and are left out.
    static func sessionTrend(
        _ history: PracticeHistory, id: String, label: String, title: String,
        fixedRange: ClosedRange<Double>? = nil, value: (PracticeReport) -> Double?, format: (Double) -> String
    ) -> SVGChart {
        var chart = SVGChart(id: id, label: label, width: 370)
        var samples: [(number: Double, value: Double, report: PracticeReport)] = []
        for (index, report) in history.sessions.enumerated() {
            guard report.summary.matched > 0, let value = value(report), value.isFinite else { continue }
            samples.append((Double(index + 1), value, report))
        }
        let count = history.sessions.count
        let x = chart.xScale(0.5, Double(max(count, 1)) + 0.5)
        let y: ChartScale
        let step: Double
        if let fixedRange {
            y = chart.yScale(fixedRange.lowerBound, fixedRange.upperBound)
            step = ChartScale.niceStep(span: fixedRange.upperBound - fixedRange.lowerBound, count: 5)
        } else {
            let largest = max(samples.map(\.value).max() ?? 0, 1)
            step = ChartScale.niceStep(span: largest * 1.1, count: 5)
            y = chart.yScale(0, ChartScale.roundUp(largest * 1.1, to: step))
        }
        chart.yAxis(y, ticks: y.ticks(step: step), title: title, format: format)
        // The first and the last session, and at most five labels in all.
        let numberStep = max(1, Int(ChartScale.niceStep(span: Double(max(count - 1, 1)), count: 4)))
        var numbers = Array(stride(from: 1, through: count, by: numberStep))
        if let last = numbers.last, last != count, count > 0 {
            if Double(count - last) < Double(numberStep) / 2 { numbers.removeLast() }
            numbers.append(count)
        }
        chart.xAxis(x, ticks: numbers.map { (Double($0), "\($0)") }, title: "session, in the order played")
        let positions = samples.map { (x: x($0.number), y: y(y.clamped($0.value))) }
        if positions.count > 1 { chart.add(polyline(positions, class: "series")) }
        for (sample, position) in zip(samples, positions) {
            var tooltip = "session \(Int(sample.number)), \(sample.report.createdAt): \(format(sample.value))"
            if let preset = sample.report.settings.preset { tooltip += ", \(preset)" }
            tooltip += ", \(sample.report.settings.tempo) BPM"
            chart.add(circle(position.x, position.y, radius: 3.2, class: "session-point", title: tooltip))
            chart.points += 1
        }
        return chart
    }

    /// Practice days as a calendar: one column per week (Monday at the top),
    /// the shade of each day by the minutes practised relative to the busiest
    /// day shown. From `minWeeks` to `maxWeeks` weeks (as the sessions span),
    /// ending with the latest session's week.
    static func practiceCalendar(_ history: PracticeHistory, minWeeks: Int = 45, maxWeeks: Int = 53) -> SVGChart {
        let cell = 13.0
        let gap = 3.0
        let left = 34.0
        let top = 22.0
        guard let latest = history.latestDay, let earliest = history.days.first?.day else {
            var chart = SVGChart(id: "practice-calendar", label: "Calendar of practice days", width: 370, height: 60)
            chart.add(text("no dated sessions", x: 10, y: 30, class: "tick"))
            return chart
        }
        let lastMonday = latest.adding(days: 1 - latest.weekday)
        let spanWeeks = (lastMonday.daysSinceEpoch - earliest.adding(days: 1 - earliest.weekday).daysSinceEpoch) / 7 + 1
        // At least enough weeks to fill the panel, like a year-long contribution calendar.
        let weeks = min(max(spanWeeks, minWeeks), max(maxWeeks, minWeeks))
        let firstMonday = lastMonday.adding(days: -7 * (weeks - 1))
        let width = left + Double(weeks) * (cell + gap) + 8
        var chart = SVGChart(
            id: "practice-calendar", label: "Calendar of practice days, shaded by minutes practised",
            width: width, height: top + 7 * (cell + gap) + 28)

        let shown = history.days.filter { $0.day >= firstMonday && $0.day <= latest }
        let busiest = shown.map(\.totals.minutes).max() ?? 0
        var byDay: [Int: PracticeHistory.Totals] = [:]
        for day in shown { byDay[day.day.daysSinceEpoch] = day.totals }

        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            chart.add(text(name, x: left - 6, y: top + Double(row) * (cell + gap) + cell - 2, class: "tick", anchor: "end"))
        }
        var lastLabelWeek = -3
        for week in 0..<weeks {
            let monday = firstMonday.adding(days: 7 * week)
            let x = left + Double(week) * (cell + gap)
            // Each month is named above the column of its first Monday, when there is room.
            if monday.day <= 7, week - lastLabelWeek >= 3 {
                chart.add(text(monthNames[monday.month - 1], x: x, y: top - 8, class: "tick"))
                lastLabelWeek = week
            }
            for row in 0..<7 {
                let day = monday.adding(days: row)
                guard day <= latest else { continue }
                let y = top + Double(row) * (cell + gap)
                if let totals = byDay[day.daysSinceEpoch] {
                    let level = busiest > 0 ? min(4, max(1, Int((4 * totals.minutes / busiest).rounded(.up)))) : 1
                    let title = "\(day): \(NumberText.fixed(totals.minutes, 1)) minutes, \(totals.sessions) session\(totals.sessions == 1 ? "" : "s")"
                    chart.add(rect(x, y, x + cell, y + cell, class: "day level-\(level)", title: title))
                    chart.points += 1
                } else {
                    chart.add(rect(x, y, x + cell, y + cell, class: "day level-0", title: "\(day): no practice"))
                }
            }
        }
        let legendY = top + 7 * (cell + gap) + 10
        chart.add(text("less", x: left, y: legendY + 10, class: "tick"))
        for level in 0...4 {
            let x = left + 30 + Double(level) * (cell + gap)
            chart.add(rect(x, legendY, x + cell, legendY + cell, class: "day level-\(level)"))
        }
        chart.add(text("more", x: left + 30 + 5 * (cell + gap) + 2, y: legendY + 10, class: "tick"))
        return chart
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
