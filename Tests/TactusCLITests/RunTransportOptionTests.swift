import Foundation
import Testing
import TactusTestSupport

/// `tactus run --transport`: the values it takes and what it refuses, before
/// any JACK server is asked for.
@Suite struct RunTransportOptionTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    @Test func anUnknownModeIsAUsageError() throws {
        #expect(try TactusBinary.run(["run", "--transport", "sideways"])
            == Self.usageError("tactus run: --transport: expected master, follow or off, got 'sideways'"))
        #expect(try TactusBinary.run(["run", "--transport=Master"])
            == Self.usageError("tactus run: --transport: expected master, follow or off, got 'Master'"))
        #expect(try TactusBinary.run(["run", "--transport"]) == Self.usageError("tactus run: --transport: missing value (master|follow|off)"))
    }

    @Test func followingLeavesTheTempoToTheMaster() throws {
        #expect(try TactusBinary.run(["run", "--transport", "follow", "--speed-trainer", "80:4:2:120"])
            == Self.usageError("tactus run: --transport follow excludes --speed-trainer; the transport master sets the tempo"))
        #expect(try TactusBinary.run(["run", "--transport", "follow", "--setlist", "gig.json"])
            == Self.usageError("tactus run: --transport follow excludes --setlist; the transport master sets tempo and meter"))
        let directory = try TactusBinary.scratchFolder()
        try #"{"speedTrainer": {"start": 80, "step": 4, "everyBars": 4, "target": 120}}"#
            .write(to: directory.appendingPathComponent("drill.json"), atomically: true, encoding: .utf8)
        #expect(try TactusBinary.run(["run", "--transport", "follow", "--config", "drill.json"], in: directory) == Result(
            exitCode: 4, stdout: "",
            stderr: "tactus run: drill.json: speedTrainer: cannot run with --transport follow; the transport master sets the tempo\n"))
    }

    @Test func theHelpNamesTheModes() throws {
        let help = try TactusBinary.run(["run", "--help"]).stdout
        #expect(help.contains("  --transport master|follow|off\n"))
    }
}
