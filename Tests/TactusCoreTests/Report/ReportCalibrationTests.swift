import Foundation
import Testing
@testable import TactusCore

@Suite struct ReportCalibrationTests {
    static let use = CalibrationUse(device: "a2j:TD-17 [20] (capture): TD-17 MIDI 1", calibration: DeviceCalibration(
        latencyMs: 2, method: .tap, measuredAt: Date(timeIntervalSince1970: 1_740_823_200), spreadMs: 0.5))

    @Test func theCalibrationUsedIsStatedAndReadBack() throws {
        var settings = SampleSession.settings
        settings.scoring.latency = LatencyCompensation(clickOutputFrames: 256, inputCaptureFrames: 64, userOffsetMs: 3)
        settings.calibration = Self.use
        let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        let value = try JSONValue.parse(text)
        let calibration = value["latencyCompensation"]?["calibration"]
        #expect(calibration?["device"] == .string("a2j:TD-17 [20] (capture): TD-17 MIDI 1"))
        #expect(calibration?["method"] == .string("tap"))
        #expect(calibration?["latencyMs"] == .integer(2))
        #expect(calibration?["measuredAt"] == .string("2025-03-01T10:00:00Z"))
        #expect(value["latencyCompensation"]?["userOffsetMs"] == .integer(3))
        #expect(try JSONDecoder().decode(ReportSettings.self, from: Data(text.utf8)) == settings)
        #expect(Self.use.description == "+2.000 ms from the tap calibration of 'a2j:TD-17 [20] (capture): TD-17 MIDI 1' (2025-03-01T10:00:00Z)")
    }

    @Test func aReportWithACalibrationAndProgramEventsMatchesTheSchema() throws {
        var run = try SampleSession.run()
        run.report.settings.calibration = Self.use
        run.report.events.append(SessionEvent(kind: .mutedBeat, frame: 120_000, detail: "bar 1 beat 2"))
        run.report.events.append(SessionEvent(kind: .program, frame: 96_000, detail: "random mute: 25% of beats from bar 1, seed 7"))
        let value = try JSONValue.parse(try run.report.jsonText())
        #expect(try JSONSchemaValidator.report().errors(in: value) == [])
        #expect(try PracticeReport.decode(Data(try run.report.jsonText().utf8), file: "r.json").settings.calibration == Self.use)
    }
}
