import Foundation
import TactusCore

/// Practice reports made the way a live session makes them: the simulated
/// drummer plays a timeline and the scorer scores every note.
enum SampleReports {
    static func report(
        seed: UInt64, createdAt: String, preset: String? = "Groove 1", bpm: Double = 97, bars: Int = 16,
        gap: GapPattern? = nil, player: SimulatedPlayer? = nil
    ) throws -> PracticeReport {
        let spec = TimelineSpec(tempo: Tempo(bpm: bpm), countInBars: 1, gap: gap)
        let timeline = try Timeline(spec: spec)
        let scoring = ScoringSettings(subdivision: 2)
        var scorer = try Scorer(grid: timeline, settings: scoring, preset: preset)
        var drummer = player ?? SimulatedPlayer()
        drummer.seed = seed
        for note in drummer.perform(on: timeline, bars: 1...bars) {
            _ = scorer.advance(to: note.frame)
            _ = scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel)))
        }
        _ = scorer.finish(at: timeline.frame(ofBar: bars + 1))
        return scorer.report(
            createdAt: createdAt, source: ReportSource(kind: .live, detail: "server default, client tactus"),
            settings: ReportSettings(spec: spec, scoring: scoring, preset: preset))
    }

    /// Writes `report` as `name` in `directory`.
    static func write(_ report: PracticeReport, as name: String, in directory: URL) throws {
        try Data(try report.jsonText().utf8).write(to: directory.appendingPathComponent(name))
    }

    /// The journal of such a session: its header, then a line per hit, miss and bar.
    static func journal(seed: UInt64, createdAt: String, bars: Int = 4) throws -> String {
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), countInBars: 1)
        let timeline = try Timeline(spec: spec)
        let scoring = ScoringSettings(subdivision: 2)
        var scorer = try Scorer(grid: timeline, settings: scoring)
        let settings = ReportSettings(spec: spec, scoring: scoring)
        var journal = SessionJournal.line(.header(JournalHeader(
            createdAt: createdAt, source: ReportSource(kind: .live), settings: settings, originFrame: timeline.originFrame)))
        var drummer = SimulatedPlayer()
        drummer.seed = seed
        for note in drummer.perform(on: timeline, bars: 1...bars) {
            journal += SessionJournal.lines(for: scorer.advance(to: note.frame))
            journal += SessionJournal.lines(for: scorer.score(InputHit(frame: note.frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel))))
        }
        return journal + SessionJournal.lines(for: scorer.finish(at: timeline.frame(ofBar: bars + 1)))
    }
}
