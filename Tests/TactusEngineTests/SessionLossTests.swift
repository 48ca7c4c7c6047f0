import Testing
import TactusCore
@testable import TactusSession

/// What full rings and refused writes lose reaches the report: each count
/// is listed when it grows, once, with its own wording, and starts again
/// on a new server (but not the OSC packets, which the server does not count).
@Suite struct SessionLossTests {
    @Test func aCountIsListedWhenItGrowsAndOnlyThen() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0)
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: 8)
        _ = control.handle([.started(frame: 0)])
        var step = control.lost(.midiInput, total: 0, at: 1_000)
        step.absorb(control.lost(.midiInput, total: 3, at: 2_000))
        step.absorb(control.lost(.midiInput, total: 3, at: 3_000))
        step.absorb(control.lost(.commands, total: 1, at: 3_000))
        step.absorb(control.lost(.midiInput, total: 5, at: 4_000))
        step.absorb(control.lost(.oscPackets(queue: 256), total: 2, at: 5_000))
        let dropped = control.scorer.statistics.events.filter { $0.kind == .dropped }
        #expect(dropped.map(\.frame) == [2_000, 3_000, 4_000, 5_000])
        #expect(dropped.map(\.detail) == [
            "MIDI input events dropped (the cycle's list was full): 3 in all",
            "commands to the engine refused (its ring was full): 1 in all",
            "MIDI input events dropped (the cycle's list was full): 5 in all",
            "OSC packets dropped (not OSC, or 256 waiting): 2 in all",
        ])
        #expect(step.journal.split(separator: "\n").count == 4)
    }

    @Test func aNewServersCountsStartAgainButNotTheOSCPackets() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0)
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: 8)
        _ = control.handle([.started(frame: 0)])
        _ = control.lost(.engineReports, total: 7, at: 10_000)
        _ = control.lost(.oscPackets(queue: 256), total: 2, at: 10_000)
        let interruption = control.serverLost(at: 20_000, reason: "gone").interruption
        _ = control.reconnect(after: interruption, at: 1_000, startingAt: 48_000, gapSeconds: 1)
        _ = control.lost(.engineReports, total: 2, at: 50_000)
        _ = control.lost(.oscPackets(queue: 256), total: 2, at: 50_000)
        let dropped = control.scorer.statistics.events.filter { $0.kind == .dropped }.map(\.detail)
        #expect(dropped == [
            "engine reports dropped (the ring to the control thread was full): 7 in all",
            "OSC packets dropped (not OSC, or 256 waiting): 2 in all",
            "engine reports dropped (the ring to the control thread was full): 2 in all",
        ])
    }
}
