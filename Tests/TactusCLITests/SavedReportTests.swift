import Foundation
import Testing
import TactusTestSupport
@testable import TactusLive

@Suite struct SavedReportTests {
    /// A report meant for standard output that cannot go there is kept in
    /// the temporary folder under a name of its own, not as `stdout` or `-`.
    @Test(arguments: ["/dev/fd/999", "/proc/self/fd/999"])
    func aReportForAClosedDescriptorIsKeptUnderItsOwnName(path: String) throws {
        let directory = try TactusBinary.scratchFolder()
        let saved = try SavedReport.write(to: path, environment: ["TMPDIR": directory.path]) {
            try Array("{}\n".utf8).withUnsafeBytes($0)
        }.get()
        #expect(saved.path == directory.path + "/tactus-\(getpid()).json")
        #expect(saved.problem == "cannot write it: descriptor 999 is not open")
        #expect(try String(contentsOf: directory.appendingPathComponent("tactus-\(getpid()).json"), encoding: .utf8) == "{}\n")
    }
}
