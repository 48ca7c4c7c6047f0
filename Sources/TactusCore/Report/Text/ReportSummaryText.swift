/// The text of `tactus report show|compare|trend|csv`: pure functions from
/// reports to the exact text printed. Numbers are written with a fixed number
/// of places (offsets signed, "+" late, "-" early).
public enum ReportSummaryText {
    /// "from 99.7 BPM (bar 1) to 110.0 (bar 31), 124 beats; 100.0 BPM: the
    /// notes repeat …; bar 1 where the playing shows it".
    static func pulseLine(_ pulse: PulseReport) -> String {
        var line = ""
        if let first = pulse.bars.first, let last = pulse.bars.last {
            line += "went from \(NumberText.fixed(first.bpm, 1)) BPM (bar \(first.bar)) to \(NumberText.fixed(last.bpm, 1)) (bar \(last.bar)), "
        }
        line += "\(pulse.beats.count) beats; the beat at \(pulse.level)"
        line += pulse.downbeatShown ? "; bar 1 where the playing shows it" : "; bar 1 at the first beat (the playing shows no downbeat)"
        return line
    }

    /// "tempo by bar: 1 99.8 · 5 100.1 · …", at most 16 bars shown, evenly.
    static func tempoByBar(_ pulse: PulseReport) -> String? {
        guard pulse.bars.count > 1 else { return nil }
        let every = max(1, (pulse.bars.count + 15) / 16)
        let shown = stride(from: 0, to: pulse.bars.count, by: every).map { pulse.bars[$0] }
        return "tempo by bar: " + shown.map { "\($0.bar) \(NumberText.fixed($0.bpm, 1))" }.joined(separator: " · ")
    }

    /// Headline numbers, the per-beat table, the position grid, the voices,
    /// the three worst bars, and advice:
    /// the text of each of the report's findings (see `Findings`), one a line,
    /// then `hint: …` for each of `hints` (`ScoringHint.hints(for:)` of the
    /// report with its hits, which a summary as written has not).
    public static func show(_ report: PracticeReport, hints: [ScoringHint] = []) -> String {
        let s = report.summary
        let settings = report.settings
        var text = "session \(report.createdAt) (\(describe(report.source)))"
        if let preset = settings.preset { text += ", preset \(preset)" }
        text += "\n"
        let pulse = settings.freeTime ? report.pulse : nil
        text += pulse == nil ? "\(settings.tempo) BPM \(settings.meter)" : "free time \(settings.meter)"
        text += ", \(describeSubdivision(settings.scoring)), windows \(describe(settings.scoring.windows))"
        text += ", \(NumberText.fixed(s.durationS, 1)) s scored\n"
        text += "hits \(s.hits) (\(s.matched) matched, \(s.extras) extra), \(s.misses) missed\n"
        if pulse != nil { text += "against your own pulse: " }
        text += "mean \(ms(s.meanOffsetMs, signed: true)), \(spread(s)), median \(ms(s.medianOffsetMs, signed: true))"
        text += ", mean |offset| \(ms(s.meanAbsOffsetMs)), p95 |offset| \(ms(s.p95AbsOffsetMs))\n"
        text += "perfect \(s.perfect), good \(s.good), ok \(s.ok); \(NumberText.fixed(s.percentInWindow, 1)) % within \(goodWindow(settings.scoring.windows))\n"
        if let pulse {
            // Without a click, how far ahead or behind one the player was cannot be known.
            text += "no click: the mean against one is not known; your pulse " + pulseLine(pulse) + "\n"
            if let curve = tempoByBar(pulse) { text += curve + "\n" }
        }
        text += pulse == nil ? "drift \(optional(s.driftMsPerMinute, signed: true, unit: " ms/min")), " : ""
        text += "lag-1 autocorrelation \(optional(s.lag1Autocorrelation, decimals: 2, signed: true))"
        text += ", IOI SD \(ms(s.ioiSdMs))\n"
        text += "score \(NumberText.fixed(s.score, 1)) / 100\n"
        if let w = report.withoutClick {
            text += "without click: hits \(w.hits) (\(w.matched) matched, \(w.extras) extra), \(w.misses) missed"
            text += ", mean \(ms(w.meanOffsetMs, signed: true)), SD \(ms(w.sdOffsetMs)), score \(NumberText.fixed(w.score, 1))\n"
        }

        if !report.byBeat.isEmpty {
            let beats = beatRows(report)
            let table = TextTable(header: beats.header, rightAligned: beats.header.map { _ in true }, rows: beats.rows)
            text += "\n" + table.text
        }
        if let positions = positionRows(report) {
            let table = TextTable(
                header: positions.header, rightAligned: positions.header.map { _ in true }, rows: positions.rows)
            text += "\nwhere in the beat (mean ±SD ms, hits)\n" + table.text
        }
        if let voices = voiceRows(report) {
            let table = TextTable(
                header: voices.header, rightAligned: voices.header.indices.map { $0 > 0 }, rows: voices.rows)
            text += "\nby voice\n" + table.text
        }

        let worst = worstBars(report.bars, count: 3)
        if !worst.isEmpty {
            text += "\nworst bars\n"
            for bar in worst {
                var parts: [String] = []
                if bar.misses > 0 { parts.append("\(bar.misses) missed") }
                if let meanAbs = bar.meanAbsOffsetMs { parts.append("mean |offset| \(NumberText.fixed(meanAbs, 1)) ms") }
                if let mean = bar.meanOffsetMs { parts.append("mean \(NumberText.signed(mean, 1)) ms") }
                if bar.hits > bar.matched { parts.append("\(bar.hits - bar.matched) extra") }
                text += "bar \(bar.bar)\(bar.muted ? " (no click)" : ""): \(parts.joined(separator: ", "))\n"
            }
        }

        // With parts of the kit on their own layers, this advice is the main click's part.
        let mainPart = (report.players ?? []).contains { $0.layer != nil }
            ? " for the main click (\(report.byVoice.map(\.voice).joined(separator: ", ")))" : ""
        text += "\nadvice\(mainPart)\n" + advice(report).map { $0 + "\n" }.joined()
        text += hints.map { "hint: \($0.text)\n" }.joined()
        return text + ensemble(report)
    }

    /// The advice lines of `show`: the report's findings' texts, in order,
    /// or one line saying there is nothing to judge.
    public static func advice(_ report: PracticeReport) -> [String] {
        advice(report.findings)
    }

    static func advice(_ findings: [Finding]) -> [String] {
        findings.isEmpty ? ["no hits to judge"] : findings.map(\.text)
    }

    /// Bars ranked worst first: most misses, then largest mean |offset|, then
    /// earliest; bars with neither hits nor misses are left out.
    static func worstBars(_ bars: [BarSummary], count: Int) -> [BarSummary] {
        let ranked = bars.filter { $0.hits + $0.misses > 0 }.sorted { a, b in
            if a.misses != b.misses { return a.misses > b.misses }
            let aAbs = a.meanAbsOffsetMs ?? -1
            let bAbs = b.meanAbsOffsetMs ?? -1
            if aAbs != bAbs { return aAbs > bAbs }
            return a.bar < b.bar
        }
        return Array(ranked.prefix(count))
    }

    // MARK: - Pieces

    static func describe(_ source: ReportSource) -> String {
        var parts = [source.kind.rawValue]
        if let file = source.file { parts.append(file) }
        if let detail = source.detail { parts.append(detail) }
        return parts.joined(separator: ", ")
    }

    static func describeSubdivision(_ scoring: ScoringSettings) -> String {
        var text = "subdivision \(scoring.subdivision)"
        if let swing = scoring.swing { text += " swung \(swing.long):\(swing.short)" }
        if let layer = scoring.layer { text += " of click layer \(layer + 2)" }
        return text
    }

    static func describe(_ windows: TimingWindows) -> String {
        let values = [windows.perfect, windows.good, windows.ok].map { "±" + trimmed($0) }.joined(separator: "/")
        return windows.unit == .milliseconds ? values + " ms" : values + " % of a subdivision"
    }

    static func goodWindow(_ windows: TimingWindows) -> String {
        windows.unit == .milliseconds ? "±\(trimmed(windows.good)) ms" : "±\(trimmed(windows.good)) % of a subdivision"
    }

    /// 25 → "25", 12.5 → "12.5".
    static func trimmed(_ value: Double) -> String {
        var text = NumberText.fixed(value, 3)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }

    /// A 95 % interval's two ends in ms, signed: "-1.2 to +3.4".
    static func interval(_ ends: [Double]) -> String {
        "\(NumberText.signed(ends[0], 1)) to \(NumberText.signed(ends[1], 1))"
    }

    static func ms(_ value: Double?, signed: Bool = false) -> String {
        optional(value, signed: signed, unit: " ms")
    }

    /// `value` to `decimals` places, followed by `unit`; "n/a" for nil.
    static func optional(_ value: Double?, decimals: Int = 1, signed: Bool = false, unit: String = "") -> String {
        guard let value else { return "n/a" }
        return (signed ? NumberText.signed(value, decimals) : NumberText.fixed(value, decimals)) + unit
    }
}
