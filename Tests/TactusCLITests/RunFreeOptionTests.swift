import Foundation
import Testing
import TactusTestSupport

/// `tactus run --free`: what free time refuses, before any JACK server is asked for.
@Suite struct RunFreeOptionTests {
    typealias Result = TactusBinary.Result

    @Test func freeTimeRefusesWhatChangesOrFollowsAClick() throws {
        for (option, value) in [
            ("--gap", "4,2"), ("--speed-trainer", "80:4:2:120"), ("--random-mute", "30"), ("--setlist", "gig.json"),
            ("--player", "a=kit:out"), ("--transport", "master"), ("--score-layer", "2"),
        ] {
            #expect(try TactusBinary.run(["run", "--free", option, value]) == Result(
                exitCode: 2, stdout: "",
                stderr: "tactus run: --free and \(option) exclude each other: in free time there is no click after the count-in\n"))
        }
        #expect(try TactusBinary.run(["run", "--free", "--transport", "off"]).stderr.contains("exclude") == false)
    }

    @Test func aConfigsGapClickCannotRunInFreeTime() throws {
        let directory = try TactusBinary.scratchFolder()
        try #"{"gap": {"play": 4, "mute": 2}}"#.write(to: directory.appendingPathComponent("gap.json"), atomically: true, encoding: .utf8)
        #expect(try TactusBinary.run(["run", "--free", "--config", "gap.json"], in: directory) == Result(
            exitCode: 4, stdout: "",
            stderr: "tactus run: gap.json: gap: cannot run with --free; in free time there is no click after the count-in\n"))
    }
}
