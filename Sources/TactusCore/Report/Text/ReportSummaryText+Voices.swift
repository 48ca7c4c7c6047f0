extension ReportSummaryText {
    /// The voice table: a row per voice of the kit with its hits, its matched
    /// hits' mean, SD and median, the mean's 95 % interval and its velocity
    /// (mean ±SD); nil with fewer than two voices.
    static func voiceRows(_ report: PracticeReport) -> (header: [String], rows: [[String]])? {
        guard report.byVoice.count >= 2 else { return nil }
        let header = ["voice", "hits", "mean ms", "95 %", "SD ms", "median ms", "velocity"]
        let rows = report.byVoice.map { voice in
            [
                voice.voice, "\(voice.hits)", optional(voice.meanOffsetMs, signed: true),
                voice.ci95.map(interval) ?? "-",
                optional(voice.sdOffsetMs), optional(voice.medianOffsetMs, signed: true),
                voice.meanVelocity.map { "\(NumberText.fixed($0, 0)) ±\(NumberText.fixed(voice.sdVelocity ?? 0, 0))" } ?? "-",
            ]
        }
        return (header, rows)
    }
}
