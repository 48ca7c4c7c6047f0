extension ReportSummaryText {
    /// The per-beat table: every note of the beat, then (when notes between
    /// the beats were scored) the stroke on the beat alone, what a beat
    /// finding speaks about.
    static func beatRows(_ report: PracticeReport) -> (header: [String], rows: [[String]]) {
        let header = ["beat", "hits", "mean ms", "SD ms", "misses"]
        guard report.byPosition.contains(where: { $0.subdivision >= 2 }) else {
            return (header, report.byBeat.map { row in
                ["\(row.key)", "\(row.hits)", optional(row.meanOffsetMs, signed: true), optional(row.sdOffsetMs),
                 "\(row.misses ?? 0)"]
            })
        }
        let strokes = Dictionary(report.byPosition.filter { $0.subdivision == 1 }.map { ($0.beat, $0) }) { first, _ in first }
        let rows = report.byBeat.map { row in
            let stroke = strokes[row.key]
            return [
                "\(row.key)", "\(row.hits)", optional(row.meanOffsetMs, signed: true), optional(row.sdOffsetMs),
                "\(row.misses ?? 0)", "\(stroke?.hits ?? 0)", optional(stroke?.meanOffsetMs, signed: true),
                optional(stroke?.sdOffsetMs),
            ]
        }
        return (header + ["on-beat hits", "on-beat mean", "on-beat SD"], rows)
    }

    /// The position grid: a row per beat, a column per part of the beat, each
    /// cell "mean ±SD (hits)" in ms; nil when the take has one part only.
    static func positionRows(_ report: PracticeReport) -> (header: [String], rows: [[String]])? {
        let parts = report.byPosition.map(\.subdivision).max() ?? 0
        guard parts >= 2 else { return nil }
        let subdivision = max(report.settings.scoring.subdivision, parts)
        let beats = Array(Set(report.byPosition.map(\.beat))).sorted()
        let cells = Dictionary(report.byPosition.map { (GridPosition(bar: 0, beat: $0.beat, subdivision: $0.subdivision), $0) }) { first, _ in first }
        let rows = beats.map { beat in
            ["\(beat)"] + (1...parts).map { part in
                guard let cell = cells[GridPosition(bar: 0, beat: beat, subdivision: part)] else { return "-" }
                let mean = optional(cell.meanOffsetMs, signed: true)
                let sd = cell.sdOffsetMs.map { " ±" + NumberText.fixed($0, 1) } ?? ""
                return "\(mean)\(sd) (\(cell.hits))"
            }
        }
        return (["beat"] + (1...parts).map { partName($0, of: subdivision) }, rows)
    }

    /// "beat", "e", "&", "a"; "2nd", "3rd" for triplets; the part's number otherwise.
    static func partName(_ part: Int, of parts: Int) -> String {
        switch (parts, part) {
        case (_, 1): "on beat"
        case (2, 2), (4, 3): "&"
        case (4, 2): "e"
        case (4, 4): "a"
        case (3, 2), (6, 3): "2nd triplet"
        case (3, 3), (6, 5): "3rd triplet"
        default: "part \(part)"
        }
    }

    /// "±5.1 ms (95 %: 4.6 to 5.7 ms)": the spread left once the named
    /// tendencies are taken out; the plain SD for a summary without it.
    static func spread(_ summary: TimingSummary) -> String {
        guard let spread = summary.spreadMs, let ci = summary.spreadCi95, ci.count == 2 else {
            return "SD \(ms(summary.sdOffsetMs))"
        }
        return "spread ±\(NumberText.fixed(spread, 1)) ms (95 %: \(NumberText.fixed(ci[0], 1)) to \(NumberText.fixed(ci[1], 1)) ms)"
    }
}
