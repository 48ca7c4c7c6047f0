import Testing
import TactusCore

@Suite struct RemoteStateTests {
    let state = RemoteState(
        playing: true, tempo: Tempo(milliBPM: 97_500), bar: 3, beat: 2, meter: Meter(beats: 7, noteValue: 8), subdivision: 2,
        accents: AccentPattern(parsing: "X.x"), muted: false, preset: "Ballad")

    @Test func stateMessageListsEveryFieldInOrder() {
        #expect(state.message == OSCMessage("/tactus/state", [
            .bool(true), .float(97.5), .int(3), .int(2), .string("7/8"), .int(2), .string("X.x"), .bool(false), .string("Ballad"),
        ]))
        var plain = state
        plain.accents = nil
        plain.preset = nil
        #expect(plain.message.arguments[6] == .string(""))
        #expect(plain.message.arguments[8] == .string(""))
    }

    @Test func changesAreListedOncePerField() {
        #expect(state.changes(from: state) == [])
        var next = state
        next.beat = 3
        #expect(next.changes(from: state) == [])
        next.bar = 4
        next.tempo = Tempo(milliBPM: 100_000)
        #expect(next.changes(from: state) == [
            OSCMessage("/tactus/state/tempo", [.float(100)]), OSCMessage("/tactus/state/bar", [.int(4)]),
        ])
        var stopped = next
        stopped.playing = false
        stopped.bar = 5
        stopped.muted = true
        stopped.preset = "Reel"
        stopped.meter = .fourFour
        #expect(stopped.changes(from: next) == [
            OSCMessage("/tactus/state/playing", [.bool(false)]), OSCMessage("/tactus/state/preset", [.string("Reel")]),
            OSCMessage("/tactus/state/muted", [.bool(true)]), OSCMessage("/tactus/state/meter", [.string("4/4")]),
        ])
    }

    @Test func subdivisionAndAccentsAreNoticedAfterTheMeter() {
        var next = state
        next.meter = Meter(beats: 3, noteValue: 4)
        next.subdivision = 3
        next.accents = nil
        #expect(next.changes(from: state) == [
            OSCMessage("/tactus/state/meter", [.string("3/4")]), OSCMessage("/tactus/state/subdivision", [.int(3)]),
            OSCMessage("/tactus/state/accents", [.string("")]),
        ])
        #expect(state.changes(from: next).last == OSCMessage("/tactus/state/accents", [.string("X.x")]))
    }
}
