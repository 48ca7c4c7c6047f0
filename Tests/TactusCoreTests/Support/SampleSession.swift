@testable import TactusCore

/// A small synthetic session, run through the scorer the way the live control
/// side does it, journal included: 120 BPM 4/4 at 48 kHz, one bar of count-in
/// (the grid origin is at frame 96 000), bar 5 silenced by a 4 + 1 gap pattern,
/// quarter notes on the snare with known offsets.
enum SampleSession {
    static let createdAt = "2026-03-01T18:00:00Z"
    static let grid = ConstantTempoGrid(originFrame: 96_000, countInBars: 1, mutedBars: [5])
    static let scoring = ScoringSettings()
    static let settings = ReportSettings(
        tempo: Tempo(milliBPM: 120_000), meter: .fourFour, scoring: scoring, countInBars: 1,
        gap: GapPattern(playBars: 4, muteBars: 1), sampleRate: 48_000, preset: "Groove 1")
    static let source = ReportSource(kind: .live, detail: "server default, client tactus")

    /// Offset in ms of each beat's hit, bar by bar; nil: not played.
    static let offsetsMs: [[Int?]] = [
        [2, 8, 4, -9],
        [4, 10, 6, -11],
        [2, 8, nil, -9],
        [4, 10, 6, -11],
        [12, 16, nil, 20],
    ]

    struct Run {
        var scorer: Scorer<ConstantTempoGrid>
        var journal: String
        var report: PracticeReport
    }

    /// A steadier week later: the same groove, beat 4 fixed.
    static let laterOffsetsMs: [[Int?]] = [
        [1, 3, 2, -2],
        [2, 4, 3, -3],
        [1, 3, 2, -2],
        [2, 4, 3, -3],
        [6, 8, 5, 9],
    ]

    static func run(
        offsetsMs: [[Int?]] = offsetsMs, createdAt: String = createdAt, settings: ReportSettings = settings
    ) throws -> Run {
        var scorer = try Scorer(grid: grid, settings: scoring, preset: settings.preset)
        var journal = SessionJournal.line(.header(JournalHeader(
            createdAt: createdAt, source: source, settings: settings, originFrame: grid.originFrame)))
        func play(_ frame: Int64, note: Int = 38, velocity: Int = 100) {
            journal += SessionJournal.lines(for: scorer.score(InputHit(frame: frame, note: note, velocity: velocity, channel: 10)))
        }
        // A count-in hit on beat 4 of bar 0, 5 ms late.
        play(72_000 + 240)
        for (barIndex, bar) in offsetsMs.enumerated() {
            for (beatIndex, offset) in bar.enumerated() {
                let gridFrame = grid.frame(of: GridPosition(bar: barIndex + 1, beat: beatIndex + 1), subdivision: 1, swing: nil)
                if let offset { play(gridFrame + Int64(offset * 48)) }
                if barIndex == 0, beatIndex == 0 { play(gridFrame + 96 + 240) }   // bounce 5 ms later: a double trigger
                if barIndex == 3, beatIndex == 1 { play(gridFrame + 80 * 48, note: 42, velocity: 60) }   // an extra, +80 ms
                journal += SessionJournal.lines(for: scorer.advance(to: gridFrame + 12_000))
            }
        }
        let marker = SessionEvent(kind: .marker, frame: 300_000, detail: "chorus")
        scorer.record(marker)
        journal += SessionJournal.line(.event(marker))
        let change = ReportTempoChange(frame: 576_000, bar: 6, tempo: Tempo(milliBPM: 126_500), cause: "pedal")
        scorer.record(change)
        journal += SessionJournal.line(.tempoChange(change))
        journal += SessionJournal.lines(for: scorer.finish(at: 576_000))
        let report = scorer.report(createdAt: createdAt, source: source, settings: settings)
        return Run(scorer: scorer, journal: journal, report: report)
    }
}
