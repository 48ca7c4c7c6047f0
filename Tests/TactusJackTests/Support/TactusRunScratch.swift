import Foundation
import TactusTestSupport

/// A fault test's surroundings: a private dummy server, a scratch folder
/// (removed afterwards) with `tmp` inside as the run's `$TMPDIR`, and the
/// `tactus run` command line every such test starts from.
struct TactusRunScratch {
    let server: JackTestServer
    let folder: URL
    let environment: [String: String]

    /// Runs `body` with a fresh server and scratch folder.
    static func with(_ body: (TactusRunScratch) async throws -> Void) async throws {
        try await JackTestServer.with { server in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let scratch = TactusRunScratch(
                server: server, folder: folder,
                environment: environment.merging(["TMPDIR": folder.appendingPathComponent("tmp").path]) { $1 })
            try FileManager.default.createDirectory(atPath: scratch.temporary, withIntermediateDirectories: true)
            try await body(scratch)
        }
    }

    /// A path inside the scratch folder.
    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// The default report, its journal, and the run's `$TMPDIR`.
    var report: String { path("r.json") }
    var journal: String { path("r.journal.jsonl") }
    var temporary: String { path("tmp") }

    /// `tactus run --server <server> --bpm 240 --no-ui <options> --report <report>`.
    func run(_ options: [String] = [], report: String? = nil) throws -> TactusChild {
        try tactus(["run", "--server", server.name, "--bpm", "240", "--no-ui"] + options + ["--report", report ?? self.report])
    }

    /// Any tactus command, in the scratch folder's environment.
    func tactus(_ arguments: [String]) throws -> TactusChild {
        try TactusChild(arguments, environment: environment)
    }
}
