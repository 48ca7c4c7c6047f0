import Testing
import TactusCore
@testable import TactusEngine

/// A player's scorer follows what the session control does to its own: with
/// one player playing everything, their part is the session's own scoring.
@Suite struct PlayerScoringTests {
    /// One player, `a`, on the rig's grid with the control's settings.
    static func withPlayer(_ rig: inout SessionRig) throws {
        rig.players = try PlayerScoring(
            names: ["a"], ports: ["kit:out"], grid: rig.control.timeline, settings: [rig.control.scorer.settings])
    }

    static func snare(_ frames: [Int64]) -> [RawMIDIEvent] {
        frames.map { RawMIDIEvent(frame: $0, size: 3, status: 0x99, data1: 38, data2: 100) }
    }

    @Test func aStopAndATapAndGoRestartThePlayersScoringAsTheSessions() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: SessionSetlistTests.map)
        try Self.withPlayer(&rig)
        // Two hits at 120 BPM, a stop at 50048, four taps at 100 BPM: the
        // grid starts afresh with bar 2 on 515200, beats 28800 apart.
        let taps: [Int64] = [400_000, 428_800, 457_600, 486_400]
        let hits: [Int64] = [240, 24_000 - 96, 515_200 + 480, 544_000 - 192, 572_800]
        rig.run(until: 700_000, input: Self.snare(hits),
                pedal: SessionSetlistTests.press(81, at: 50_000) + taps.flatMap { SessionSetlistTests.press(80, at: $0) })
        let main = rig.control.scorer.statistics
        let player = try #require(rig.players?.players.first?.scorer.statistics)
        #expect(main.hits.map(\.offsetMs) == [5, -2, 10, -4, 0])
        #expect(player.hits == main.hits)
        #expect(player.misses == main.misses)
        #expect(player.hits.map(\.position.bar) == [1, 1, 2, 2, 2])
    }

    @Test func aFreshGridFromTheTransportStartsThePlayersScoringOver() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        try Self.withPlayer(&rig)
        rig.run(until: 100_000, input: Self.snare([24_000 + 48]))
        // The transport master's grid, 1000 frames later, taken over afresh.
        let step = rig.control.adopt(rig.control.timeline.shifted(by: 1_000), fresh: true, cause: "transport")
        #expect(step.scoring == [.fresh])
        rig.players?.follow(step.scoring, grid: rig.control.timeline)
        rig.run(until: 200_000, input: Self.snare([120_000 + 1_000 + 96, 144_000 + 1_000 - 48]))
        let main = rig.control.scorer.statistics
        let player = try #require(rig.players?.players.first?.scorer.statistics)
        #expect(main.hits.map(\.offsetMs) == [2, -1])
        #expect(player.hits == main.hits)
        #expect(player.misses == main.misses)
    }
}
