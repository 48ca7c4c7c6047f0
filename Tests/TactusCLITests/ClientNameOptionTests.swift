import Foundation
import Testing
import TactusJack
import TactusTestSupport

/// `--name` is checked against JACK's limit as it is parsed, before any
/// server is asked (JACK itself answers only "communication error").
@Suite struct ClientNameOptionTests {
    static let limit = JackClient.maximumNameBytes

    @Test func theLimitIsJACKsNameSizeLessItsTerminator() {
        #expect(JackClient.maximumNameBytes == 64)
    }

    @Test(arguments: [["run"], ["learn", "--actions", "tap"], ["listen"], ["play", "x.mid", "--to", "a:b"], ["calibrate"]])
    func aNameOverTheLimitIsAUsageError(command: [String]) throws {
        let name = String(repeating: "n", count: 90)
        let result = try TactusBinary.run(command + ["--name", name])
        #expect(result == TactusBinary.Result(exitCode: 2, stdout: "",
            stderr: "tactus \(command[0]): --name: '\(name)' is 90 bytes; JACK takes client names of at most 64 bytes; give a shorter name\n"))
    }

    /// Bytes, not characters: "é" takes two.
    @Test func theLimitCountsBytes() throws {
        let name = String(repeating: "é", count: 33)
        let result = try TactusBinary.run(["play", "x.mid", "--to", "a:b", "--name", name])
        #expect(result == TactusBinary.Result(exitCode: 2, stdout: "",
            stderr: "tactus play: --name: '\(name)' is 66 bytes; JACK takes client names of at most 64 bytes; give a shorter name\n"))
    }

    /// The loopback input is a second client, NAME-loopback, which must fit too.
    @Test func calibrateWithALoopbackLeavesRoomForItsSecondClient() throws {
        let name = String(repeating: "n", count: 60)
        let result = try TactusBinary.run(["calibrate", "--name", name, "--loopback", "system:capture_1"])
        #expect(result == TactusBinary.Result(exitCode: 2, stdout: "", stderr: "tactus calibrate: --name: '\(name)' is 60 bytes; "
            + "JACK takes client names of at most 55 bytes here (64 less the '-loopback' of the second client it names); give a shorter name\n"))
    }

    @Test func aNameAtTheLimitIsTaken() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(["play", "missing.mid", "--to", "a:b", "--name", String(repeating: "n", count: 64)], in: directory)
        #expect(result == TactusBinary.Result(
            exitCode: 4, stdout: "", stderr: "tactus play: missing.mid: cannot read the MIDI file: No such file or directory\n"))
    }
}
