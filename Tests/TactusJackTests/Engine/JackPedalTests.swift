import Foundation
import Testing
import TactusCore
import TactusEngine
import TactusSession
@testable import TactusJack
import TactusTestSupport

/// Pedal presses sent by a second client into `tactus:pedal` on a real
/// dummy server, driving the session control: tap tempo, the next preset at
/// a bar line, stop and resume. Everything heard is checked against the
/// frames the control side planned, exactly: the test server runs
/// synchronously and skips no cycle.
@Suite(.serialized)
struct JackPedalTests {
    static let map = try! PedalMap(json: Array(#"""
        {"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap"},
                      {"message": {"type": "cc", "number": 81}, "action": "start-stop"},
                      {"message": {"type": "cc", "number": 82}, "action": "next-preset"}]}
        """#.utf8), file: "map.json")

    @Test func fourTapsAt100BPMSetClickAndClockFromTheNextBeat() async throws {
        try await JackTestServer.with { server in
            let rig = try await JackLiveRig(server: server, spec: TimelineSpec(tempo: Tempo(bpm: 120)), pedalMap: Self.map)
            // 28800 frames apart: 100 BPM at 48 kHz.
            let taps = frames(from: rig.start + 100_000, every: 28_800, count: 4)
            try rig.press(80, at: taps)
            let end = taps[3] + 48_000 * 4
            try await rig.run(until: end)
            let change = try #require(rig.control.scorer.statistics.tempoChanges.first)
            #expect(change.tempo == Tempo(bpm: 100))
            #expect(change.cause == "tap")
            // On a beat of the 120 BPM grid after the fourth tap.
            #expect(change.frame > taps[3])
            #expect((change.frame - rig.start) % 24_000 == 0)
            let clicks = (0..<Int64(8)).map { change.frame + $0 * 28_800 }.filter { $0 < end }
            let ticks = (0..<Int64(200)).map { change.frame + $0 * 1_200 }.filter { $0 < end }
            #expect(rig.gaps == 0)
            #expect(rig.onsets(in: change.frame..<end) == clicks)
            #expect(rig.clockTicks(in: change.frame..<end) == ticks)
            // Before the change: the 120 BPM beats.
            #expect(rig.onsets(in: rig.start..<change.frame) == Array(stride(from: rig.start, to: change.frame, by: 24_000)))
            #expect(rig.control.tempo == Tempo(bpm: 100))
        }
    }

    @Test func nextPresetSwitchesAtTheNextBarLine() async throws {
        try await JackTestServer.with { server in
            let setlist = SetlistPlayback(
                setlist: Setlist(name: "Gig", presets: [
                    SetlistPreset(name: "Four", config: PracticeConfig()), SetlistPreset(name: "Three", config: PracticeConfig()),
                ]),
                specs: [TimelineSpec(tempo: Tempo(bpm: 120)), TimelineSpec(tempo: Tempo(bpm: 90), meter: Meter(beats: 3, noteValue: 4))],
                soundBanks: [0, 1], index: 0)
            let rig = try await JackLiveRig(
                server: server, spec: TimelineSpec(tempo: Tempo(bpm: 120)), pedalMap: Self.map, setlist: setlist)
            // Pressed 10000 frames into bar 2: bar 3 (start + 192000) is the
            // first downbeat more than the 9600-frame lead away.
            let press = rig.start + 106_000
            try rig.press(82, at: [press])
            let switchFrame = rig.start + 192_000
            let end = switchFrame + 32_000 * 9
            try await rig.run(until: end)
            #expect(rig.control.scorer.statistics.tempoChanges == [
                ReportTempoChange(frame: switchFrame, bar: 3, tempo: Tempo(bpm: 90), cause: "preset 'Three'")])
            #expect(rig.control.timeline.beatsPerBar(bar: 3) == 3)
            #expect(rig.control.timeline.frame(ofBar: 4) == switchFrame + 96_000)
            let clicks = Array(stride(from: rig.start, to: switchFrame, by: 24_000)) + Array(stride(from: switchFrame, to: end, by: 32_000))
            let ticks = Array(stride(from: rig.start, to: switchFrame, by: 1_000))
                + (0..<Int64(300)).map { IdealGrid.steadyFrame(origin: switchFrame, numerator: $0, denominator: 24, bpm: 90) }.filter { $0 < end }
            // 90 BPM: 32000 frames a beat, so ticks 1333 or 1334 apart after the switch.
            #expect(ticks.filter { $0 >= switchFrame }.prefix(4) == [switchFrame, switchFrame + 1_333, switchFrame + 2_667, switchFrame + 4_000])
            #expect(rig.gaps == 0)
            #expect(rig.onsets(in: rig.start..<end) == clicks)
            #expect(rig.clockTicks(in: rig.start..<end) == ticks)
        }
    }

    @Test func startStopStopsAndResumes() async throws {
        try await JackTestServer.with { server in
            let rig = try await JackLiveRig(server: server, spec: TimelineSpec(tempo: Tempo(bpm: 120)), pedalMap: Self.map)
            // Resuming moves the grid (and the timeline's start): keep the first one.
            let start = rig.start
            try rig.press(81, at: [start + 100_000, start + 200_000])
            let end = start + 400_000
            try await rig.run(until: end)
            let stopped = try #require(rig.events.first { if case .stopped = $0 { true } else { false } })
            let resumed = try #require(rig.events.first { if case .resumed = $0 { true } else { false } })
            #expect(stopped.frame > start + 100_000)
            #expect(resumed.frame > start + 200_000)
            #expect(rig.onsets(in: stopped.frame..<resumed.frame).isEmpty)
            #expect(rig.clockTicks(in: stopped.frame + 1..<resumed.frame).isEmpty)
            let before = Array(stride(from: start, to: stopped.frame, by: 24_000))
            let after = Array(stride(from: rig.control.timeline.startFrame, to: end, by: 24_000)).filter { $0 >= resumed.frame }
            #expect(after.count >= 6)
            let playing = rig.control.playing
            #expect(playing)
            #expect(rig.gaps == 0)
            #expect(rig.onsets(in: start..<end) == before + after)
        }
    }
}
