import Foundation
import Testing
import TactusCore

/// A take played to a tempo curve, written as a DAW records it without a
/// click (one tempo in the file), analysed in free time: its report.
struct FreeTimeReportTests {
    static func analysis(
        _ curve: TempoCurve = TempoCurve([TempoCurve.Point(bar: 1, bpm: 96), TempoCurve.Point(bar: 17, bpm: 104)])
    ) throws -> PerformanceAnalysis {
        let frames = curve.beatFrames(count: 17 * 4 + 1, beatsPerBar: 4, sampleRate: 48_000)
        let timeline = try Timeline.throughBeats(frames, firstBar: 1, meter: .fourFour, sampleRate: 48_000)
        let performance = SimulatedPerformance(timeline: timeline, player: SimulatedPlayer(seed: 3), bars: 16, fileTempo: Tempo(milliBPM: 120_000))
        let onsets = PulseOnset.notes(of: performance.file, filter: .all, map: .generalMIDI)
        var settings = AnalysisSettings(scoring: ScoringSettings(subdivision: 2))
        settings.pulse = try PulseTracker.track(onsets, settings: PulseSettings(meter: .fourFour))
        return try PerformanceAnalysis.analyze(
            performance.file, settings: settings, createdAt: "2026-11-28T12:00:00Z", source: ReportSource(kind: .analyze, file: "take.mid"))
    }

    @Test func theReportHoldsThePulseMatchesTheSchemaAndReadsBack() throws {
        let report = try Self.analysis().report
        let text = try report.jsonText()
        #expect(try PracticeReportStreamTests.foundation(report) == text)
        #expect(try JSONSchemaValidator.report().errors(in: JSONValue.parse(text)) == [])
        let read = try PracticeReport.decode(Data(text.utf8), file: "take.json")
        #expect(read.pulse == report.pulse)
        #expect(read.settings.freeTime)
        let pulse = try #require(report.pulse)
        #expect(pulse.beats.count == 64)
        // The accelerando from 96 to 104 over 64 beats, 0.125 BPM a beat:
        // bar 1 (beats 0 to 3) near 96.19, bar 15 (beats 56 to 59) near 103.19.
        #expect(abs(pulse.bars[0].bpm - 96.19) < 1)
        #expect(abs(pulse.bars[14].bpm - 103.19) < 1)
        let drift = try #require(report.findings.first { $0.kind == .tempo })
        #expect(drift.aspect == "drift")
        #expect(drift.direction == .faster)
    }

    @Test func theTextAndThePageShowTheTempoCurveAndTheBarsNamed() throws {
        let step = TempoCurve([TempoCurve.Point(bar: 1, bpm: 100), TempoCurve.Point(bar: 9, bpm: 100), TempoCurve.Point(bar: 9, bpm: 110)])
        let report = try Self.analysis(step).report
        let finding = try #require(report.findings.first { $0.kind == .tempo })
        #expect(finding.aspect == "step")
        #expect(finding.bars == [9, 9])
        let text = ReportSummaryText.show(report)
        let curve = try #require(text.split(separator: "\n").first { $0.hasPrefix("tempo by bar: ") })
        // 15 whole bars, each shown: bar 1 near 100, bar 9 near 110.
        #expect(curve.split(separator: "·").count == 15)
        #expect(curve.hasPrefix("tempo by bar: 1 "))
        let page = ReportHTML.page(report)
        #expect(page.contains("<h2>Tempo, bar by bar</h2>"))
        // The step's bar shaded, the finding its title.
        #expect(page.contains("class=\"band tempo-step\""))
        #expect(page.contains(HTMLText.escape(finding.text)))
        #expect(page.contains("Against your own pulse (no click): Each dot is a hit"))
        #expect(page.contains("<h1>free time 4/4</h1>"))
        #expect(page.contains("<div class=\"label\">Tempo</div>"))
        #expect(!page.contains("centred on the click") && !page.contains("<div class=\"label\">Drift</div>"))
    }
}
