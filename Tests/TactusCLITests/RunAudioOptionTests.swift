import Foundation
import Testing
import TactusTestSupport

/// `tactus run --connect-audio` and `--sensitivity`: what they refuse,
/// before any JACK server is asked for.
@Suite struct RunAudioOptionTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    @Test func sensitivityIsOneToTenAndNeedsTheAudioInput() throws {
        #expect(try TactusBinary.run(["run", "--connect-audio", "system:capture_1", "--sensitivity", "11"])
            == Self.usageError("tactus run: --sensitivity: expected a number from 1 to 10, got '11'"))
        #expect(try TactusBinary.run(["run", "--sensitivity", "7"])
            == Self.usageError("tactus run: --sensitivity: applies to audio input; give --connect-audio or --player NAME=audio:PORT too"))
        #expect(try TactusBinary.run(["run", "--player", "kit=audio:", "--sensitivity", "7"])
            == Self.usageError("tactus run: --player: missing what 'kit' plays into after 'audio:'"))
    }

    @Test func theAudioInputIsNoGroupSessions() throws {
        #expect(try TactusBinary.run(["run", "--connect-audio", "system:capture_1", "--player", "ann=a2j:.*"])
            == Self.usageError("tactus run: --connect-audio and --player cannot be used together: a group session's players each play into a port of their own (NAME=audio:PORT for audio)"))
    }

    @Test func anInvalidPatternIsRefused() throws {
        let result = try TactusBinary.run(["run", "--connect-audio", "system:capture_[1"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("tactus run: --connect-audio: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
