import Foundation
import Testing
import TactusTestSupport

/// `tactus run --osc-port` and `--osc-address`: what they refuse, before
/// any JACK server is asked for.
@Suite struct RunRemoteOptionTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    @Test func aPortIsOneTo65535() throws {
        #expect(try TactusBinary.run(["run", "--osc-port", "0"])
            == Self.usageError("tactus run: --osc-port: expected a UDP port from 1 to 65535, got '0'"))
        #expect(try TactusBinary.run(["run", "--osc-port", "65536"])
            == Self.usageError("tactus run: --osc-port: expected a UDP port from 1 to 65535, got '65536'"))
        #expect(try TactusBinary.run(["run", "--osc-port"]) == Self.usageError("tactus run: --osc-port: missing value (N)"))
    }

    @Test func anAddressIsIPv4AndNeedsAPort() throws {
        #expect(try TactusBinary.run(["run", "--osc-port", "9000", "--osc-address", "tablet.local"])
            == Self.usageError("tactus run: --osc-address: expected an IPv4 address such as 127.0.0.1 or 0.0.0.0, got 'tablet.local'"))
        #expect(try TactusBinary.run(["run", "--osc-address", "0.0.0.0"])
            == Self.usageError("tactus run: --osc-address: needs --osc-port (the port to listen on)"))
    }

    @Test func theHelpSaysWhereToRead() throws {
        let help = try TactusBinary.run(["run", "--help"]).stdout
        #expect(help.contains("  --osc-port N"))
        #expect(help.contains("docs/remote-control.md"))
    }
}
