import Testing
@testable import TactusCore
@testable import TactusEngine
@testable import TactusSession
import TactusTestSupport

/// Remote commands carried out by the session as a pedal's are, through the
/// offline driver.
@Suite struct SessionControlRemoteTests {
    @Test func anAbsoluteTempoTakesOverOnTheNextBeatAndIsListed() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        rig.pending += try rig.control.perform(.tempo(Tempo(bpm: 100)), at: 30_000, cause: "osc /tactus/tempo f 100.0").commands
        rig.run(until: 140_000)
        // 120 BPM beats every 24000 frames; from the next beat (48000) every 28800.
        #expect(rig.clicks == [0, 24_000, 48_000, 76_800, 105_600, 134_400])
        let change = try #require(rig.control.scorer.statistics.tempoChanges.first)
        #expect(change.frame == 48_000 && change.tempo == Tempo(bpm: 100) && change.cause == "osc /tactus/tempo f 100.0")
        #expect(rig.control.scorer.statistics.events == [SessionEvent(kind: .pedal, frame: 30_000, detail: "osc /tactus/tempo f 100.0")])
    }

    @Test func aNudgeIsThePedalsTempoPlus() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        let command = try RemoteCommand(OSCMessage("/tactus/tempo/nudge", [.float(-20)]))
        rig.pending += try rig.control.perform(command, at: 30_000, cause: "osc nudge").commands
        rig.run(until: 110_000)
        #expect(rig.clicks == [0, 24_000, 48_000, 76_800, 105_600])
        #expect(rig.control.tempo == Tempo(bpm: 100))
    }

    @Test func aMeterChangeTakesOverAtTheNextBarLine() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        rig.pending += try rig.control.perform(.meter(Meter(beats: 3, noteValue: 4)), at: 30_000, cause: "osc meter 3/4").commands
        rig.run(until: 330_000)
        // Bar 2 (96000) on in 3/4: bars of 72000 frames, the downbeats accented.
        #expect(rig.control.timeline.frame(ofBar: 3) == 168_000)
        #expect(rig.control.timeline.frame(ofBar: 4) == 240_000)
        #expect(rig.clicks == frames(from: 0, every: 24_000, count: 14))
        let accented = zip(rig.clicks, rig.clickValues).filter { $0.1 == rig.clickValues[0] }.map(\.0)
        #expect(accented == [0, 96_000, 168_000, 240_000, 312_000])
        #expect(rig.control.scorer.statistics.events.map(\.detail) == ["osc meter 3/4"])
    }

    @Test func aMeterIsInForceFromItsBarLineOnceTheEngineHasIt() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        rig.pending += try rig.control.perform(.meter(Meter(beats: 3, noteValue: 4)), at: 30_000, cause: "osc meter 3/4").commands
        rig.pending += try rig.control.perform(.subdivision(2), at: 30_000, cause: "osc subdivision 2").commands
        // Chosen, not yet with the engine: 4/4 in quarters whatever the frame.
        #expect(rig.control.spec(inForceAt: 100_000).meter == .fourFour)
        rig.run(until: 60_000)
        // The engine has it; it takes over at bar 2 (96000).
        #expect(rig.control.spec(inForceAt: 95_999).meter == .fourFour)
        #expect(rig.control.spec(inForceAt: 95_999).subdivision == 1)
        #expect(rig.control.spec(inForceAt: 96_000).meter == Meter(beats: 3, noteValue: 4))
        #expect(rig.control.spec(inForceAt: 96_000).subdivision == 2)
        rig.run(until: 120_000)
        // Eighths from bar 2 on, as the grid in force says.
        #expect(rig.clicks.filter { $0 >= 72_000 } == [72_000, 96_000, 108_000])
    }

    @Test func aSubdivisionChosenWhileStoppedPlaysFromTheNextStart() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 50_000)
        rig.pending += try rig.control.perform(.action(.stop), at: 50_000, cause: "osc stop").commands
        rig.run(until: 100_000)
        #expect(!rig.control.playing)
        let chosen = try rig.control.perform(.subdivision(2), at: 100_000, cause: "osc subdivision 2")
        #expect(chosen.commands.isEmpty)
        #expect(rig.control.pendingSpec?.subdivision == 2)
        rig.pending += try rig.control.perform(.action(.start), at: 150_000, cause: "osc start").commands
        let before = rig.clicks.count
        rig.run(until: 250_000)
        #expect(rig.control.playing)
        #expect(rig.control.pendingSpec == nil)
        // A fresh grid a command lead (4800 frames) after the start, eighths 12000 apart.
        #expect(Array(rig.clicks.dropFirst(before)) == frames(from: 154_800, every: 12_000, count: 8))
    }

    @Test func theFirstStartAfterWaitingStoppedPlaysTheConfiguredCountIn() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), bars: nil, waitsStopped: true)
        rig.run(until: 10_000)
        #expect(rig.clicks.isEmpty && !rig.control.playing)
        rig.pending += try rig.control.perform(.action(.start), at: 10_000, cause: "osc start").commands
        rig.run(until: 200_000)
        // The count-in bar a command lead (4800 frames) after the start, bar 1 four beats later.
        #expect(rig.clicks == frames(from: 14_800, every: 24_000, count: 8))
        #expect(rig.control.timeline.frame(ofBar: 0) == 14_800)
        #expect(rig.control.timeline.originFrame == 110_800)
        #expect(rig.control.timeline.frame(ofBar: 2) == 206_800)
        let change = try #require(rig.control.scorer.statistics.tempoChanges.first)
        #expect(change.frame == 14_800 && change.bar == 0 && change.cause == "start")
    }

    @Test func aGridThatCannotPlayIsRefusedWhole() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        let tooLong = AccentPattern(Array(repeating: .normal, count: 65))
        #expect(throws: SettingError(field: "accents", message: "65 pulses is more than 64")) {
            try rig.control.perform(.accents(tooLong), at: 30_000, cause: "osc accents")
        }
        #expect(rig.control.scorer.statistics.events.isEmpty)
        #expect(rig.control.timeline.segments.count == 1)
    }

    @Test func queriesChangeNothing() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 30_000)
        let step = try rig.control.perform(.query(.sender), at: 30_000, cause: "osc query")
        #expect(step.commands.isEmpty && step.journal.isEmpty)
        #expect(rig.control.scorer.statistics.events.isEmpty)
    }
}
