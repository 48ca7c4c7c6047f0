import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

@Suite struct LiveViewModelTests {
    /// A note on the input port at `frame`.
    func note(_ frame: Int64) -> RawMIDIEvent {
        RawMIDIEvent(frame: frame, size: 3, status: 0x99, data1: 38, data2: 100)
    }

    @Test func aBarsLineCountsItsHitsInTheWindow() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2)
        rig.view = LiveViewModel(rig.control, drumMap: .generalMIDI)
        // Beats 2, 3 and 4 of bar 1, 5, 20 and 40 ms late (48 frames a ms):
        // perfect, good and ok, so 2 of 3 in the window.
        rig.run(until: 48_000 * 5, input: [note(24_000 + 240), note(48_000 + 960), note(72_000 + 1_920)])
        #expect(rig.ending == .barsPlayed)
        // Mean 65/3 = 21.67 ms; SD √((16.67² + 1.67² + 18.33²) / 2) = 17.56 ms.
        #expect(rig.lines == [
            "bar 1  120.0 BPM  hits 3  mean +21.7 ms  sd 17.6 ms  in window 67%",
            "bar 2  120.0 BPM  hits 0  mean -  sd -  in window -",
        ])
        #expect(rig.view?.state.session.percentInWindow == 200.0 / 3)
    }

    @Test func theHintGoesWithATempoChange() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.view = LiveViewModel(rig.control, drumMap: .generalMIDI)
        // Sixteenths through bar 1 (125 ms, 6000 frames apart) scored on eighths:
        // every other one falls halfway between two lines.
        let hint = "8 of 16 hits fall between the lines of --subdivision 2, as sixteenths would; score them with --subdivision 4"
        rig.run(until: 192_000 + 24_000, input: (1...16).map { note(Int64($0) * 6_000) })
        #expect(rig.view?.state.hint == hint)
        // Bar 3 ends: the same hits, the same hint.
        rig.run(until: 288_000 + 24_000)
        #expect(rig.view?.state.hint == hint)
        rig.pending += rig.control.press(.tempoUp, at: rig.driver.frameTime).commands
        rig.run(until: 384_000 + 48_000)
        #expect(rig.control.tempo != Tempo(bpm: 120))
        #expect(rig.view?.state.hint == nil)
    }

    @Test func aMutedBarsLineSaysTheTempoHeld() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), gap: GapPattern(playBars: 1, muteBars: 1))
        var rig = try SessionRig(spec: spec, bars: nil)
        rig.control.followPulse(free: false)
        rig.view = LiveViewModel(rig.control, drumMap: .generalMIDI)
        // Beats 1 to 7 0.502 s (24096 frames) apart: each 2 ms later than the
        // last against the click's 0.5 s, a pulse of 60 / 0.502 = 119.52 BPM.
        rig.run(until: 192_000 + 24_000, input: (1...7).map { note(Int64($0) * 24_096) })
        // Bar 1: 2, 4, 6 ms late, SD 2 ms; bar 2: 8, 10, 12, 14, SD √(20 / 3) = 2.58 ms.
        #expect(rig.lines == [
            "bar 1  120.0 BPM  hits 3  mean +4.0 ms  sd 2.0 ms  in window 100%",
            "bar 2  120.0 BPM  hits 4  mean +11.0 ms  sd 2.6 ms  in window 100%  no click  held 119.5 BPM -0.5",
        ])
    }

    @Test func aFreeTimePulseBarsLineSaysTheTempoFromTheStart() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.control.followPulse(free: true)
        rig.view = LiveViewModel(rig.control, drumMap: .generalMIDI)
        // Five notes 0.5 s apart: the first is bar 1's downbeat, the fifth bar 2's.
        rig.run(until: 144_000, input: (1...5).map { note(Int64($0) * 24_000) })
        #expect(rig.lines == ["bar 1  120.0 BPM  hits 4  mean 0.0 ms  sd 0.0 ms  in window 100%  free, from 120 0.0"])
        #expect(rig.view?.state.currentBar == LiveStatistics(hits: 4, meanOffsetMs: 0, sdOffsetMs: 0, percentInWindow: 100))
    }
}
