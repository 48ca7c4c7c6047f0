extension ReportSummaryText {
    static let metrics: [ReportMetric] = [
        ReportMetric(name: "score", decimals: 1, signed: false, better: .higher) { $0.score },
        ReportMetric(name: "mean offset ms", decimals: 1, signed: true, better: .nearerZero) { $0.meanOffsetMs },
        ReportMetric(name: "SD ms", decimals: 1, signed: false, better: .lower) { $0.sdOffsetMs },
        ReportMetric(name: "median offset ms", decimals: 1, signed: true, better: .nearerZero) { $0.medianOffsetMs },
        ReportMetric(name: "mean |offset| ms", decimals: 1, signed: false, better: .lower) { $0.meanAbsOffsetMs },
        ReportMetric(name: "p95 |offset| ms", decimals: 1, signed: false, better: .lower) { $0.p95AbsOffsetMs },
        ReportMetric(name: "within good window %", decimals: 1, signed: false, better: .higher) { $0.percentInWindow },
        ReportMetric(name: "missed %", decimals: 1, signed: false, better: .lower) { missedPercent($0) },
        ReportMetric(name: "extra %", decimals: 1, signed: false, better: .lower) { extraPercent($0) },
        ReportMetric(name: "drift ms/min", decimals: 1, signed: true, better: .nearerZero) { $0.driftMsPerMinute },
        ReportMetric(name: "lag-1 autocorrelation", decimals: 2, signed: true, better: .nearerZero) { $0.lag1Autocorrelation },
        ReportMetric(name: "IOI SD ms", decimals: 1, signed: false, better: .lower) { $0.ioiSdMs },
    ]

    /// 100 × misses / (matched + misses); nil when nothing was expected.
    static func missedPercent(_ s: TimingSummary) -> Double? {
        s.matched + s.misses > 0 ? 100 * Double(s.misses) / Double(s.matched + s.misses) : nil
    }

    /// 100 × extras / hits; nil without hits.
    static func extraPercent(_ s: TimingSummary) -> Double? {
        s.hits > 0 ? 100 * Double(s.extras) / Double(s.hits) : nil
    }

    /// What changed from session `a` to session `b`: one row per metric with
    /// both values, the change (b − a, of the values as printed) and whether it is better, worse or the
    /// same as printed; a note first when the settings differ. `labels` name
    /// the two (file names, say). Each session's advice (its findings) follows.
    public static func compare(_ a: PracticeReport, _ b: PracticeReport, labels: (String, String) = ("A", "B")) -> String {
        var text = ""
        for (label, report) in [(labels.0, a), (labels.1, b)] {
            text += "\(label): \(report.createdAt), \(report.settings.tempo) BPM \(report.settings.meter)"
            if let preset = report.settings.preset { text += ", preset \(preset)" }
            text += ", \(NumberText.fixed(report.summary.durationS, 1)) s\n"
        }
        for note in settingNotes(a.settings, b.settings) {
            text += "note: \(note)\n"
        }
        var table = TextTable(header: ["metric", labels.0, labels.1, "change", ""], rightAligned: [false, true, true, true, false])
        for metric in metrics {
            let valueA = metric.value(a.summary)
            let valueB = metric.value(b.summary)
            table.rows.append([
                metric.name, metric.format(valueA), metric.format(valueB), metric.change(from: valueA, to: valueB),
                metric.verdict(from: valueA, to: valueB) ?? "",
            ])
        }
        text += "\n" + table.text
        for (label, report) in [(labels.0, a), (labels.1, b)] {
            text += "\nadvice in \(label)\n" + advice(report).map { $0 + "\n" }.joined()
        }
        return text + compareEnsemble(a, b, labels: labels)
    }

    static func settingNotes(_ a: ReportSettings, _ b: ReportSettings) -> [String] {
        var notes: [String] = []
        if a.tempo != b.tempo { notes.append("tempo differs (\(a.tempo) -> \(b.tempo) BPM)") }
        if a.meter != b.meter { notes.append("meter differs (\(a.meter) -> \(b.meter))") }
        if a.scoring.subdivision != b.scoring.subdivision || a.scoring.swing != b.scoring.swing {
            notes.append("subdivision differs (\(describeSubdivision(a.scoring)) -> \(describeSubdivision(b.scoring)))")
        }
        if a.scoring.windows != b.scoring.windows {
            notes.append("windows differ (\(describe(a.scoring.windows)) -> \(describe(b.scoring.windows)))")
        }
        if a.preset != b.preset { notes.append("preset differs (\(a.preset ?? "none") -> \(b.preset ?? "none"))") }
        return notes
    }
}
