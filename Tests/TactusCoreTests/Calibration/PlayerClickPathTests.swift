import Testing
import TactusCore

@Suite struct PlayerClickPathTests {
    /// The click goes to the master's headphones and to a netjack2 remote `ben`.
    let click = ["system:playback_1", "system:playback_2", "ben:to_slave_1"]

    @Test func aRemotePlayerHearsTheClickSentToTheirOwnClient() {
        let path = PlayerClickPath.destinations(
            click: click, sources: ["ben:midi_from_slave_1"], othersSources: ["a2j:TD-17 [24] (capture): out"])
        #expect(path == ["ben:to_slave_1"])
    }

    @Test func aLocalPlayerHearsTheClickNotSentToAnotherPlayersClient() {
        let path = PlayerClickPath.destinations(
            click: click, sources: ["a2j:TD-17 [24] (capture): out"], othersSources: ["ben:midi_from_slave_1"])
        #expect(path == ["system:playback_1", "system:playback_2"])
    }

    @Test func withoutOtherPlayersOnTheClickEveryConnectionIsHeard() {
        let path = PlayerClickPath.destinations(click: click, sources: ["hands:out"], othersSources: ["kit:out"])
        #expect(path == click)
        #expect(PlayerClickPath.destinations(click: ["ben:to_slave_1"], sources: [], othersSources: ["ben:midi_from_slave_1"]).isEmpty)
    }

    @Test func theClientIsWhatComesBeforeTheFirstColon() {
        #expect(PlayerClickPath.client(of: "a2j:TD-17 [24] (capture): out") == "a2j")
        #expect(PlayerClickPath.client(of: "nocolon") == "nocolon")
    }
}
