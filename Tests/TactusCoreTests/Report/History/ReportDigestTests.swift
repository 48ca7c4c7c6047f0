import Foundation
import Testing
@testable import TactusCore

/// A report's digest holds all a history reads: trend and the history page
/// from digests are the same as from the reports read whole.
@Suite struct ReportDigestTests {
    /// Three sessions: the sample, a steadier one a week later, and a group
    /// session of two players.
    static func reports() throws -> [PracticeReport] {
        let first = try SampleSession.run().report
        let later = try SampleSession.run(offsetsMs: SampleSession.laterOffsetsMs, createdAt: "2026-03-08T18:00:00Z").report
        var group = try GroupReportTests.groupReport()
        group.createdAt = "2026-03-05T09:30:00+01:00"
        return [first, later, group]
    }

    @Test func aDigestDecodedIsTheReportDecodedWholeWithoutItsLists() throws {
        for report in try Self.reports() {
            let data = Data(try report.jsonText().utf8)
            let whole = try PracticeReport.decode(data, file: "r.json")
            let digest = try PracticeReport.decodeDigest(data, file: "r.json")
            #expect(digest == whole.digest)
            #expect(digest.hits.isEmpty && digest.misses.isEmpty && digest.bars.isEmpty && digest.events.isEmpty && digest.tempoChanges.isEmpty)
            #expect(digest.players.map { $0.allSatisfy(\.hits.isEmpty) } ?? true)
            #expect(!whole.hits.isEmpty && !whole.bars.isEmpty)
            #expect(digest.summary == whole.summary && digest.findings == whole.findings && digest.byBeat == whole.byBeat)
            #expect(digest.ensemble == whole.ensemble)
        }
    }

    @Test func trendAndTheHistoryPageFromDigestsAreTheWholeReports() throws {
        let reports = try Self.reports()
        let digests = reports.map(\.digest)
        let berlin: (Double) -> Int = { _ in 3600 }
        #expect(ReportSummaryText.trend(digests, utcOffset: berlin) == ReportSummaryText.trend(reports, utcOffset: berlin))
        let latest = try #require(PracticeHistory.order(reports).last.map { reports[$0] })
        #expect(latest.createdAt == "2026-03-08T18:00:00Z")
        #expect(ReportHTML.historyPage(digests, latest: latest, utcOffset: berlin) == ReportHTML.historyPage(reports, utcOffset: berlin))
    }

    @Test func anIndexKeepsAReportAsFoundationEncodesItsFields() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for report in [try GroupReportTests.groupReport(), try SampleSession.run().report] {
            for kept in [report, report.digest] {
                #expect(try encoder.encode(kept) == encoder.encode(FoundationReport(report: kept)))
            }
        }
    }

    @Test func anIndexReadsBackAndRefusesWhatIsNotItsOwn() throws {
        let report = try SampleSession.run().report.asWritten()   // as a report is read from its file
        let index = ReportIndex(entries: ["a.json": ReportIndex.Entry(size: 1_234, modifiedNs: 1_772_384_400_123_456_789, report: report)])
        let data = try index.encoded()
        #expect(ReportIndex.read(data) == index)
        #expect(try ReportIndex.read(data).encoded() == data)
        #expect(index.report("a.json", size: 1_234, modifiedNs: 1_772_384_400_123_456_789) == report.digest)
        #expect(index.report("a.json", size: 1_235, modifiedNs: 1_772_384_400_123_456_789) == nil)
        #expect(index.report("a.json", size: 1_234, modifiedNs: 1_772_384_400_123_456_790) == nil)
        #expect(index.report("b.json", size: 1_234, modifiedNs: 1_772_384_400_123_456_789) == nil)
        // Damaged, cut short, another schema or another tactus's: read as empty.
        var other = index
        other.tactusVersion = "0.0.1"
        var schema = index
        schema.schema = "tactus.report-index/0"
        for bytes in [Data("{".utf8), data.prefix(data.count / 2), try other.encoded(), try schema.encoded(), Data()] {
            #expect(ReportIndex.read(bytes) == ReportIndex())
        }
    }
}
