import Foundation
import Testing
@testable import TactusCore

@Suite struct ProcessCycleCostTests {
    static let cost = ProcessCycleCost(
        cycles: 2_700_000, worstMicroseconds: 3100, meanMicroseconds: 0.47, periodMicroseconds: 666.667,
        cyclesOverPeriod: 12, worstCPUMicroseconds: 41, worstCPUCycle: 1, cyclesOverPeriodCPU: 0,
        cpuTimedCycles: 168_750)

    func report(_ cost: ProcessCycleCost) throws -> PracticeReport {
        var report = try SampleSession.run().report
        report.source = ReportSource(kind: .live, detail: "JACK server 'soak', 48000 Hz, 32 frames", processCycle: cost)
        return report
    }

    @Test func encodesEveryFieldAndMatchesTheSchema() throws {
        let text = try report(Self.cost).jsonText()
        let value = try JSONValue.parse(text)
        #expect(try JSONSchemaValidator.report().errors(in: value) == [])
        #expect(value["source"]?["processCycle"] == .object([
            "cycles": .integer(2_700_000), "worstMicroseconds": .integer(3100), "meanMicroseconds": .number(0.47),
            "periodMicroseconds": .number(666.667), "cyclesOverPeriod": .integer(12),
            "worstCPUMicroseconds": .integer(41), "worstCPUCycle": .integer(1), "cyclesOverPeriodCPU": .integer(0),
            "cpuTimedCycles": .integer(168_750),
        ]))
        #expect(try PracticeReport.decode(Data(text.utf8), file: "soak.json").source.processCycle == Self.cost)
    }

    @Test func reportsWithoutTheCPUFieldsStillRead() throws {
        let older = ProcessCycleCost(cycles: 4000, worstMicroseconds: 17, meanMicroseconds: 1.14)
        let text = try report(older).jsonText()
        #expect(!text.contains("cyclesOverPeriod"))
        let read = try PracticeReport.decode(Data(text.utf8), file: "old.json").source.processCycle
        #expect(read == older)
        #expect(read?.worstCPUMicroseconds == nil)
    }
}
