import Foundation
import Glibc
import Testing
import TactusCore
import TactusTestSupport

/// `report trend` and `report html DIR` keep what they read of each report
/// in DIR/.tactus-index. A report unchanged since is not opened again; a
/// report added, edited, cut short or deleted is seen at once; an index
/// that is missing, damaged or of another tactus is made anew; and every
/// figure is the one the reports read whole give.
@Suite struct ReportHistoryIndexTests {
    typealias Result = TactusBinary.Result

    /// The three sessions of `ReportCommandTests.sessions()`.
    static let names = ["monday.json", "thursday.json", "tuesday.json"]

    static func wholeTrend(_ directory: URL, _ names: [String] = names) throws -> String {
        ReportSummaryText.trend(try names.map { try ReportCommandTests.decoded($0, in: directory) })
    }

    static func index(_ directory: URL) throws -> ReportIndex {
        ReportIndex.read(try Data(contentsOf: directory.appendingPathComponent(ReportIndex.fileName)))
    }

    /// The file's modification time in nanoseconds since 1970.
    static func modified(_ file: URL) throws -> timespec {
        var status = stat()
        guard stat(file.path, &status) == 0 else { throw TactusBinaryError("cannot stat \(file.path)") }
        return status.st_mtim
    }

    /// Sets the file's modification time to `time`, to the nanosecond.
    static func setModified(_ file: URL, _ time: timespec) throws {
        let times = [time, time]
        guard utimensat(AT_FDCWD, file.path, times, 0) == 0 else { throw TactusBinaryError("cannot set the time of \(file.path)") }
    }

    @Test func aWarmReadOpensNoReportAndGivesTheWholeReportsFigures() throws {
        let directory = try ReportCommandTests.sessions()
        let whole = try Self.wholeTrend(directory)
        #expect(try TactusBinary.run(["report", "trend", "."], in: directory) == Result(exitCode: 0, stdout: whole, stderr: ""))
        let index = try Self.index(directory)
        #expect(index.entries.keys.sorted() == Self.names)
        for name in Self.names {
            #expect(index.entries[name]?.report == (try ReportCommandTests.decoded(name, in: directory)).digest)
        }
        // Monday's bytes replaced by as many others, its time kept: a warm
        // read does not see it, for it opens no report it has read.
        let monday = directory.appendingPathComponent("monday.json")
        let time = try Self.modified(monday)
        let size = try Data(contentsOf: monday).count
        try Data(repeating: UInt8(ascii: " "), count: size).write(to: monday)
        try Self.setModified(monday, time)
        #expect(try TactusBinary.run(["report", "trend", "."], in: directory) == Result(exitCode: 0, stdout: whole, stderr: ""))
        // The page's latest session (Thursday) is read whole, the rest from the index.
        let page = directory.appendingPathComponent("history.html")
        #expect(try TactusBinary.run(["report", "html", ".", "--out", page.path], in: directory).exitCode == 0)
        let reports = try ["thursday.json", "tuesday.json"].map { try ReportCommandTests.decoded($0, in: directory) }
        let expected = ReportHTML.historyPage(
            [try #require(index.entries["monday.json"]).report] + reports, latest: reports[0], utcOffset: ReportCommandTests.localOffset)
        #expect(try String(contentsOf: page, encoding: .utf8) == expected)
    }

    @Test func addsEditsDeletionsAndReportsCutShortAreSeen() throws {
        let directory = try ReportCommandTests.sessions()
        _ = try TactusBinary.run(["report", "trend", "."], in: directory)
        // Added: a session copied in by hand.
        try SampleReports.write(try SampleReports.report(seed: 4, createdAt: "2026-03-05T20:00:00+01:00", bars: 4), as: "friday.json", in: directory)
        // Edited: Tuesday given a preset (its size and time change).
        var tuesday = try ReportCommandTests.decoded("tuesday.json", in: directory)
        tuesday.settings.preset = "Shuffle"
        try SampleReports.write(tuesday, as: "tuesday.json", in: directory)
        // Deleted: Monday.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("monday.json"))
        let names = ["friday.json", "thursday.json", "tuesday.json"]
        #expect(try TactusBinary.run(["report", "trend", "."], in: directory) == Result(exitCode: 0, stdout: try Self.wholeTrend(directory, names), stderr: ""))
        #expect(try Self.index(directory).entries.keys.sorted() == names)
        #expect(try Self.index(directory).entries["tuesday.json"]?.report.settings.preset == "Shuffle")
        // Cut short (a disk that filled): named once, left out; the rest reviewed.
        let thursday = directory.appendingPathComponent("thursday.json")
        let bytes = try Data(contentsOf: thursday)
        try bytes.prefix(bytes.count / 2).write(to: thursday)
        let result = try TactusBinary.run(["report", "trend", "."], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stdout == (try Self.wholeTrend(directory, ["friday.json", "tuesday.json"])))
        #expect(result.stderr.hasPrefix("tactus report trend: warning: ./thursday.json: not a tactus report: "))
        #expect(result.stderr.hasSuffix("; skipped\n") && result.stderr.split(separator: "\n").count == 1)
        #expect(try Self.index(directory).entries.keys.sorted() == ["friday.json", "tuesday.json"])
    }

    @Test func aDamagedOrForeignIndexIsMadeAnew() throws {
        let directory = try ReportCommandTests.sessions()
        let whole = try Self.wholeTrend(directory)
        let indexFile = directory.appendingPathComponent(ReportIndex.fileName)
        for damaged in [Data("{\"schema\": \"tactus.report-index/1\", \"entries\": ".utf8), Data("garbage".utf8), Data()] {
            try damaged.write(to: indexFile)
            #expect(try TactusBinary.run(["report", "trend", "."], in: directory) == Result(exitCode: 0, stdout: whole, stderr: ""))
            #expect(try Self.index(directory).entries.keys.sorted() == Self.names)
        }
        var foreign = try Self.index(directory)
        foreign.tactusVersion = "0.0.1"
        foreign.entries["monday.json"]?.report.summary.score = 1
        try foreign.encoded().write(to: indexFile)
        #expect(try TactusBinary.run(["report", "trend", "."], in: directory).stdout == whole)
        #expect(try Self.index(directory).tactusVersion == TactusVersion.string)
    }

    /// Two reviews at once, each writing the index it made: both see every
    /// session, and what is left is an index the next one reads.
    @Test func twoReviewsAtOnceLeaveAnIndexThatReads() async throws {
        let directory = try ReportCommandTests.sessions()
        let whole = try Self.wholeTrend(directory)
        for round in 0..<10 {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(ReportIndex.fileName))
            async let first = TactusBinary.run(["report", "trend", "."], in: directory)
            async let second = TactusBinary.run(["report", "trend", "."], in: directory)
            let results = try await [first, second]
            #expect(results.allSatisfy { $0 == Result(exitCode: 0, stdout: whole, stderr: "") }, "round \(round)")
            #expect(try Self.index(directory).entries.keys.sorted() == Self.names, "round \(round)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// `--since` does not open a report last changed more than a day before
    /// its first day: an older file that is no report is not even named.
    @Test func sinceLeavesOlderFilesUnread() throws {
        let directory = try ReportCommandTests.sessions()
        for name in Self.names {   // written on 2026-03-05, whatever this machine's date
            try Self.setModified(directory.appendingPathComponent(name), timespec(tv_sec: 1_772_668_800, tv_nsec: 0))
        }
        let old = directory.appendingPathComponent("archive.json")
        try Data("not a report".utf8).write(to: old)
        try Self.setModified(old, timespec(tv_sec: 1_767_225_600, tv_nsec: 0))   // 2026-01-01
        let since = try TactusBinary.run(["report", "trend", ".", "--since", "2026-03-02"], in: directory)
        #expect(since.stderr == "")
        #expect(since.stdout == ReportSummaryText.trend(
            try ["thursday.json", "tuesday.json"].map { try ReportCommandTests.decoded($0, in: directory) }, utcOffset: ReportCommandTests.localOffset))
        #expect(try TactusBinary.run(["report", "trend", "."], in: directory).stderr.contains("./archive.json: not a tactus report"))
    }
}
