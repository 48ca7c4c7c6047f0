import Testing
@testable import TactusCore

@Suite struct ReportSummaryTextTests {
    static let first = Result { try SampleSession.run().report }
    static let later = Result {
        try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-08T18:00:00Z").report
    }

    @Test func showGivesHeadlineBeatsWorstBarsAndAdvice() throws {
        #expect(ReportSummaryText.show(try Self.first.get()) == """
            session 2026-03-01T18:00:00Z (live, server default, client tactus), preset Groove 1
            120 BPM 4/4, subdivision 1, windows ±10/±25/±50 ms, 8.0 s scored
            hits 16 (15 matched, 1 extra), 1 missed
            mean +1.6 ms, spread ±7.7 ms (95 %: 5.6 to 12.1 ms), median +4.0 ms, mean |offset| 6.9 ms, p95 |offset| 11.0 ms
            perfect 13, good 2, ok 0; 93.8 % within ±25 ms
            drift -27.4 ms/min, lag-1 autocorrelation -0.15, IOI SD 11.5 ms
            score 85.3 / 100
            without click: hits 3 (3 matched, 0 extra), 1 missed, mean +16.0 ms, SD 4.0 ms, score 56.3

            beat  hits  mean ms  SD ms  misses
               1     4     +3.0    1.2       0
               2     5     +9.0    1.2       0
               3     3     +5.3    1.2       1
               4     4    -10.0    1.2       0

            by voice
            voice   hits  mean ms          95 %  SD ms  median ms  velocity
            snare     15     +1.6  -2.6 to +5.8    7.7       +4.0    100 ±0
            hi-hat     1      n/a             -    n/a        n/a         -

            worst bars
            bar 5 (no click): 1 missed, mean |offset| 16.0 ms, mean +16.0 ms
            bar 3: 1 missed, mean |offset| 6.3 ms, mean +0.3 ms
            bar 2: mean |offset| 7.8 ms, mean +2.3 ms

            advice
            no tendency stands out beyond your ±7.7 ms spread over 15 hits; next: a faster tempo: try 125 BPM

            """)
    }

    @Test func compareSaysWhatGotBetter() throws {
        let text = ReportSummaryText.compare(try Self.first.get(), try Self.later.get(), labels: ("monday.json", "next.json"))
        #expect(text == """
            monday.json: 2026-03-01T18:00:00Z, 120 BPM 4/4, preset Groove 1, 8.0 s
            next.json: 2026-03-08T18:00:00Z, 120 BPM 4/4, preset Groove 1, 8.0 s

            metric                 monday.json  next.json  change
            score                         85.3       94.1    +8.8  better
            mean offset ms                +1.6       +1.3    -0.3  better
            SD ms                          7.7        2.4    -5.3  better
            median offset ms              +4.0       +2.0    -2.0  better
            mean |offset| ms               6.9        2.5    -4.4  better
            p95 |offset| ms               11.0        4.0    -7.0  better
            within good window %          93.8       94.1    +0.3  better
            missed %                       6.3        0.0    -6.3  better
            extra %                        6.3        5.9    -0.4  better
            drift ms/min                 -27.4       -6.4   +21.0  better
            lag-1 autocorrelation        -0.15      -0.09   +0.06  better
            IOI SD ms                     11.5        3.5    -8.0  better

            advice in monday.json
            no tendency stands out beyond your ±7.7 ms spread over 15 hits; next: a faster tempo: try 125 BPM

            advice in next.json
            no tendency stands out beyond your ±2.4 ms spread over 16 hits; next: a faster tempo: try 125 BPM

            """)
    }

    @Test func compareWithItselfIsTheSameEverywhere() throws {
        let report = try Self.first.get()
        let rows = Self.tableRows(ReportSummaryText.compare(report, report))
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { $0.hasSuffix("  same") })
    }

    @Test func compareTheOtherWayRoundIsWorseEverywhere() throws {
        let rows = Self.tableRows(ReportSummaryText.compare(try Self.later.get(), try Self.first.get()))
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { $0.hasSuffix("  worse") })
    }

    /// The metric rows of `compare`'s table (the advice after it left out).
    static func tableRows(_ text: String) -> ArraySlice<Substring> {
        let table = text.components(separatedBy: "\nadvice in ")[0]
        return table.split(separator: "\n").dropFirst(3)
    }

    @Test func compareNotesDifferentSettings() throws {
        var settings = SampleSession.settings
        settings.tempo = Tempo(milliBPM: 97_000)
        settings.preset = nil
        let other = try SampleSession.run(settings: settings).report
        let lines = ReportSummaryText.compare(try Self.first.get(), other).split(separator: "\n")
        #expect(lines[2] == "note: tempo differs (120 -> 97 BPM)")
        #expect(lines[3] == "note: preset differs (Groove 1 -> none)")
    }

    @Test func trendListsSessionsByTimeThenByPresetAndTempo() throws {
        var settings = SampleSession.settings
        settings.tempo = Tempo(milliBPM: 97_000)
        settings.preset = nil
        let other = try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-05T09:30:00Z", settings: settings).report
        #expect(ReportSummaryText.trend([try Self.later.get(), other, try Self.first.get()]) == """
            sessions
            date                  preset    BPM  score  mean ms  SD ms  in window %  missed %  drift ms/min
            2026-03-01T18:00:00Z  Groove 1  120   85.3     +1.6    7.7         93.8       6.3         -27.4
            2026-03-05T09:30:00Z  -          97   94.1     +1.3    2.4         94.1       0.0          -6.4
            2026-03-08T18:00:00Z  Groove 1  120   94.1     +1.3    2.4         94.1       0.0          -6.4

            by preset and tempo
            Groove 1 at 120 BPM: 2 sessions, score 85.3 -> 94.1 (+8.8), SD 7.7 -> 2.4 ms (-5.3)
            no preset at 97 BPM: 1 session, score 94.1, SD 2.4 ms

            by day
            day         sessions  minutes  hits  mean |offset| ms
            2026-03-01         1      0.2    19               8.4
            2026-03-05         1      0.2    21               3.4
            2026-03-08         1      0.2    21               3.4

            by preset
            preset     sessions  minutes  hits  mean |offset| ms
            Groove 1          2      0.3    40               5.8
            no preset         1      0.2    21               3.4

            streak: 1 day of practice up to 2026-03-08
            total: 3 sessions, 0.5 minutes, 61 hits, mean |offset| 5.0 ms over 3 days

            """)
        #expect(ReportSummaryText.trend([]) == "no sessions\n")
    }

    @Test func csvHasOneRowPerHit() throws {
        let report = try Self.first.get()
        let lines = ReportSummaryText.csv(report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == report.hits.count + 2)
        #expect(lines.prefix(4).joined(separator: "\n") == """
            frame,timeS,bar,beat,subdivision,offsetMs,note,velocity,channel,grade,countIn,muted,preset,voice
            72240,-0.495000,0,4,1,5.000,38,100,10,perfect,true,false,Groove 1,snare
            96096,0.002000,1,1,1,2.000,38,100,10,perfect,false,false,Groove 1,snare
            120384,0.508000,1,2,1,8.000,38,100,10,perfect,false,false,Groove 1,snare
            """)
        #expect(lines.last == "")
    }

    @Test func csvQuotesTextThatNeedsIt() {
        #expect(ReportSummaryText.quoted("Groove 1") == "Groove 1")
        #expect(ReportSummaryText.quoted("Song \"A\", live") == "\"Song \"\"A\"\", live\"")
    }

    @Test func adviceNamesAnOverallTendency() throws {
        let rushing = Array(repeating: [Int?](repeating: -6, count: 4), count: 5)
        let report = try SampleSession.run(offsetsMs: rushing).report
        // 16 hits with click, every one 6 ms early: no doubt about it.
        #expect(ReportSummaryText.advice(report) == [
            "you rush: 6.0 ms ahead of the click on average (95 %: 6.0 to 6.0 ms, 16 hits)",
            "your spread: ±0.0 ms over 16 hits (95 %: 0.0 to 0.0 ms)",
        ])
    }

    @Test func steadyPlayingGetsNoAdvice() throws {
        let steady = Array(repeating: [Int?](repeating: 1, count: 4), count: 5)
        let report = try SampleSession.run(offsetsMs: steady).report
        let line = "no tendency stands out beyond your ±0.0 ms spread over 16 hits; next: a faster tempo: try 125 BPM"
        #expect(ReportSummaryText.advice(report) == [line])
        #expect(ReportSummaryText.show(report).hasSuffix("advice\n\(line)\n"))
    }

    @Test func adviceIsTheFindingsText() throws {
        var report = try Self.first.get()
        report.findings = [
            Finding(kind: .beat, beat: 4, direction: .early, estimate: -6, unit: "ms", ci95: [-8, -4], n: 32, text: "beat 4 rushes"),
            Finding(kind: .consistency, direction: .late, estimate: 9, unit: "ms", ci95: [8, 10], n: 128, text: "your spread"),
        ]
        #expect(ReportSummaryText.advice(report) == ["beat 4 rushes", "your spread"])
        #expect(ReportSummaryText.show(report).hasSuffix("advice\nbeat 4 rushes\nyour spread\n"))
        report.findings = []
        #expect(ReportSummaryText.advice(report) == ["no hits to judge"])
    }

    @Test func numbersHaveFixedPlaces() {
        #expect(NumberText.fixed(2.25, 1) == "2.3")
        #expect(NumberText.fixed(-0.04, 1) == "0.0")
        #expect(NumberText.fixed(-9.05, 2) == "-9.05")
        #expect(NumberText.fixed(1234.5, 0) == "1235")
        #expect(NumberText.signed(6.2, 1) == "+6.2")
        #expect(NumberText.signed(-1.4, 1) == "-1.4")
        #expect(NumberText.signed(0.01, 1) == "0.0")
        #expect(NumberText.fixed(0.000021, 6) == "0.000021")
    }
}
