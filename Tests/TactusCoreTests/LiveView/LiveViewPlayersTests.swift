import Testing
@testable import TactusCore

@Suite struct LiveViewPlayersTests {
    @Test func oneMeterAPlayerUnderTheScale() {
        var state = LiveViewState(isPlaying: true, bar: 3, beat: 1, tempo: Tempo(milliBPM: 120_000), recentHitLimit: 2)
        state.playerNames = ["anna", "benedict"]
        state.recordPlayerHit(player: 0, offsetMs: 50)
        state.recordPlayerHit(player: 0, offsetMs: 10)
        state.recordPlayerHit(player: 0, offsetMs: 20)
        state.recordPlayerHit(player: 5, offsetMs: 20)
        #expect(state.playerMeanMs(0) == 15)
        #expect(state.playerMeanMs(1) == nil)
        let lines = LiveView.render(state, width: 40, color: false)
        // 40 columns: names in 9, a ruler of 21 (±50 ms, 5 ms a column), the number after it.
        #expect(lines[4] == "anna     ----------|--●------- +15.0 ms")
        #expect(lines[5] == "benedict ----------|---------- -")
        #expect(LiveView.render(state, width: 12, color: false)[4] == "anna      +1")
    }

    @Test func onePlayerSessionsHaveNoMeters() {
        let state = LiveViewState(isPlaying: true, tempo: Tempo(milliBPM: 120_000))
        #expect(LiveView.render(state, width: 80, color: false).count == 9)
    }
}
