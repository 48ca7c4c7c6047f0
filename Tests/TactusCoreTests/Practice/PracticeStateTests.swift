import Testing
@testable import TactusCore

@Suite struct PracticeStateTests {
    @Test func encodesSortedAndPretty() {
        let state = PracticeState(setlist: "/home/ana/sets/gig.json", preset: "Ballad", tempo: Tempo(milliBPM: 97_500))
        #expect(String(decoding: state.encoded(), as: UTF8.self) == """
            {
              "bpm" : 97.5,
              "preset" : "Ballad",
              "schema" : "tactus.state/1",
              "setlist" : "/home/ana/sets/gig.json"
            }

            """)
        #expect(String(decoding: PracticeState().encoded(), as: UTF8.self) == "{\n  \"schema\" : \"tactus.state/1\"\n}\n")
    }

    @Test func roundTrips() throws {
        let state = PracticeState(setlist: "/s/x.json", preset: "Warm-up", tempo: Tempo(milliBPM: 120_050))
        #expect(try PracticeState(json: state.encoded(), file: "state.json") == state)
        #expect(try PracticeState(json: PracticeState().encoded(), file: "state.json") == PracticeState())
    }

    @Test func unknownFieldsFromLaterVersionsAreIgnored() throws {
        let state = try PracticeState(json: Array(#"{"schema": "tactus.state/1", "bpm": 90, "window": {"x": 1}}"#.utf8), file: "state.json")
        #expect(state == PracticeState(tempo: Tempo(bpm: 90)))
    }

    @Test func badStateIsAnError() {
        func problem(_ json: String) -> String {
            do {
                _ = try PracticeState(json: Array(json.utf8), file: "state.json")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(problem(#"{"schema": "tactus.state/2"}"#) == "state.json: schema: 'tactus.state/2' is not tactus.state/1")
        #expect(problem(#"{"bpm": "fast"}"#) == "state.json: bpm: expected a number, found a string")
        #expect(problem(#"{"bpm": 900}"#) == "state.json: bpm: 900 is outside 20–400")
        #expect(problem("") == "state.json: line 1, column 1: the file is empty; expected a JSON object")
    }

    @Test func locationFollowsXDG() {
        #expect(PracticeState.fileLocation(environment: ["XDG_STATE_HOME": "/xdg/state", "HOME": "/home/ana"])
            == "/xdg/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["XDG_STATE_HOME": "/xdg/state/", "HOME": "/home/ana"])
            == "/xdg/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["XDG_STATE_HOME": "", "HOME": "/home/ana/"])
            == "/home/ana/.local/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/ana"])
            == "/home/ana/.local/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["HOME": "/"]) == "/.local/state/tactus/state.json")
        #expect(PracticeState.fileLocation(environment: ["HOME": "ana"]) == nil)
        #expect(PracticeState.fileLocation(environment: [:]) == nil)
    }
}
