import Foundation
import Testing
import TactusTestSupport
@testable import TactusLive

@Suite struct SessionFilesTests {
    /// `run --report -` or `/dev/stdout`: the report goes to standard output,
    /// its journal to the temporary folder; no folder is made or asked for.
    @Test(arguments: ["-", "/dev/stdout", "/proc/self/fd/1"])
    func aReportToStandardOutputKeepsItsJournalInTheTemporaryFolder(path: String) throws {
        let directory = try TactusBinary.scratchFolder()
        let files = try SessionFiles(reportPath: path, startedAt: Date(), environment: ["TMPDIR": directory.path])
        #expect(files.reportPath == path)
        #expect(files.journalPath == directory.path + "/tactus-\(getpid()).journal.jsonl")
        #expect(OutputFile.isStandardOutput(files.reportPath))
    }
}
