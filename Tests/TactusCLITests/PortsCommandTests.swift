import Foundation
import Glibc
import Testing
import TactusTestSupport

/// `tactus ports` without a server; with one, see TactusJackTests
/// (PlayCommandJackTests).
@Suite struct PortsCommandTests {
    typealias Result = TactusBinary.Result

    @Test func noServerIsExit3WithOneLine() throws {
        let server = "tactus-absent-\(getpid())"
        #expect(try TactusBinary.run(["ports", "--server", server]) == Result(
            exitCode: 3, stdout: "",
            stderr: "tactus ports: cannot reach JACK server '\(server)': is jackd running? (start one with: jackd -n \(server) -d dummy)\n"))
    }

    /// Where there is no ALSA sequencer device (as on build machines and in
    /// containers), `--alsa` says so in one more line.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/snd/seq")))
    func noSequencerIsExit3WithOneMoreLine() throws {
        let server = "tactus-absent-\(getpid())"
        #expect(try TactusBinary.run(["ports", "--server", server, "--alsa"]) == Result(
            exitCode: 3, stdout: "",
            stderr: "tactus ports: cannot reach JACK server '\(server)': is jackd running? (start one with: jackd -n \(server) -d dummy)\n"
                + "tactus ports: ALSA sequencer unavailable (/dev/snd/seq: No such file or directory)\n"))
    }
}
