import Foundation
import Testing
@testable import TactusCore

@Suite struct AudioAnalysisTests {
    /// Strokes on beats 1–4 of bar 1 at 120 BPM: on time, 1 ms late, 2 ms
    /// early, and a flam 5 ms after beat 3's stroke (a double trigger).
    static let strokes = [
        DetectedStroke(frame: 0, levelDb: -6.5), DetectedStroke(frame: 24_048, levelDb: -20.25),
        DetectedStroke(frame: 47_904, levelDb: -3), DetectedStroke(frame: 48_144, levelDb: -30),
        DetectedStroke(frame: 72_000, levelDb: -0.04),
    ]

    static func analysis() throws -> PerformanceAnalysis {
        try PerformanceAnalysis.analyze(
            strokes: strokes, frameCount: 96_000, settings: AnalysisSettings(tempo: Tempo(milliBPM: 120_000)),
            createdAt: "2026-11-26T12:00:00Z", source: ReportSource(kind: .analyze, file: "kit.wav"))
    }

    @Test func strokesAreScoredAtTheirFramesWithTheirLevels() throws {
        let report = try Self.analysis().report
        #expect(report.hits.map(\.frame) == [0, 24_048, 47_904, 72_000])
        #expect(report.hits.map(\.offsetMs) == [0, 1, -2, 0])
        #expect(report.hits.map(\.levelDb) == [-6.5, -20.3, -3, 0])
        #expect(report.hits.allSatisfy { $0.isAudio })
        #expect(report.summary.misses == 0)
    }

    @Test func aHitInJSONHasItsLevelAndSourceInPlaceOfNoteVelocityAndChannel() throws {
        let report = try Self.analysis().report
        let text = try report.jsonText()
        #expect(text.contains("""
                  "frame" : 24048,
                  "grade" : "perfect",
                  "gridFrame" : 24000,
                  "levelDb" : -20.3,
                  "offsetMs" : 1,
                  "source" : "audio",
                  "subdivision" : 1,
            """))
        #expect(!text.contains("\"velocity\""))
        #expect(!text.contains("\"note\" :"))
        var streamed: [UInt8] = []
        try report.writeJSON { streamed += $0 }
        #expect(String(decoding: streamed, as: UTF8.self) == text)
        #expect(try PracticeReportStreamTests.foundation(report) == text)
        #expect(try PracticeReport.decode(Data(text.utf8), file: "r.json").hits == report.hits)
    }

    @Test func csvShowsTheLevelWhereANoteHasItsVelocity() throws {
        let lines = ReportSummaryText.csv(try Self.analysis().report).split(separator: "\n")
        #expect(lines[0] == "frame,timeS,bar,beat,subdivision,offsetMs,note,levelDb,channel,grade,countIn,muted,preset,voice")
        #expect(lines[2] == "24048,0.501000,1,2,1,1.000,,-20.3,,perfect,false,false,,")
    }

    @Test func anUnknownSourceIsRefused() throws {
        let text = try Self.analysis().report.jsonText().replacingOccurrences(of: "\"source\" : \"audio\"", with: "\"source\" : \"tape\"")
        #expect(throws: ReportError.self) { try PracticeReport.decode(Data(text.utf8), file: "r.json") }
    }

    @Test func withoutATempoTheGridIs120BPMWithAWarning() throws {
        let analysis = try PerformanceAnalysis.analyze(
            strokes: Self.strokes, frameCount: 96_000, settings: AnalysisSettings(), createdAt: "x", source: ReportSource(kind: .analyze))
        #expect(analysis.warnings == ["a recording has no tempo map; scoring against 120 BPM (give --bpm)"])
        #expect(analysis.report.hits.count == 4)
    }
}
