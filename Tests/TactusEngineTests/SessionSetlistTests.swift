import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession
import TactusTestSupport

/// Setlist presets and tap-and-go in a whole offline session, frame by frame.
@Suite struct SessionSetlistTests {
    /// "Four" 120 BPM 4/4 (bank 0), "Three" 90 BPM 3/4 (bank 1, its own sound).
    static func playback(index: Int = 0) throws -> SetlistPlayback {
        let setlist = Setlist(name: "Gig", presets: [
            SetlistPreset(name: "Four", config: PracticeConfig()),
            SetlistPreset(name: "Three", config: PracticeConfig()),
        ])
        return SetlistPlayback(
            setlist: setlist,
            specs: [TimelineSpec(tempo: Tempo(bpm: 120)), TimelineSpec(tempo: Tempo(bpm: 90), meter: Meter(beats: 3, noteValue: 4))],
            soundBanks: [0, 1], index: index)
    }

    static let banks: [[Float]] = [[1.0], [0.5], [0.25], [0.125], [0.9], [0.4], [0.2], [0.1]]

    static let map = try! PedalMap(json: Array(#"""
        {"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap"},
                      {"message": {"type": "cc", "number": 81}, "action": "start-stop"},
                      {"message": {"type": "cc", "number": 82}, "action": "next-preset"}]}
        """#.utf8), file: "map.json")

    static func press(_ controller: UInt8, at frame: Int64) -> [RawMIDIEvent] {
        [RawMIDIEvent(frame: frame, size: 3, status: 0xB0, data1: controller, data2: 127),
         RawMIDIEvent(frame: frame + 2_000, size: 3, status: 0xB0, data1: controller, data2: 0)]
    }

    @Test func nextPresetTakesOverAtTheNextBarLineWithItsTempoMeterAndSound() throws {
        var rig = try SessionRig(
            spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: Self.map, setlist: try Self.playback(),
            sounds: Self.banks)
        // Pressed at 100000: bar 2's downbeat (96000) has passed, and bar 3's
        // (192000) is more than the 4800-frame lead away.
        let input = [
            RawMIDIEvent(frame: 96_240, size: 3, status: 0x99, data1: 38, data2: 100),
            RawMIDIEvent(frame: 224_480, size: 3, status: 0x99, data1: 38, data2: 100),
        ]
        rig.run(until: 400_000, input: input, pedal: Self.press(82, at: 100_000))
        // 120 BPM (24000 frames a beat) to bar 3, then 90 BPM (32000) in 3/4.
        #expect(rig.clicks == [0, 24_000, 48_000, 72_000, 96_000, 120_000, 144_000, 168_000,
                               192_000, 224_000, 256_000, 288_000, 320_000, 352_000, 384_000])
        // Accent, beat, beat, beat in the first sound; accent, beat, beat in the second.
        #expect(rig.clickValues == [1.0, 0.5, 0.5, 0.5, 1.0, 0.5, 0.5, 0.5, 0.9, 0.4, 0.4, 0.9, 0.4, 0.4, 0.9])
        #expect(rig.control.timeline.frame(ofBar: 4) == 288_000)
        #expect(rig.control.timeline.beatsPerBar(bar: 3) == 3)
        #expect(rig.control.tempo == Tempo(bpm: 90))
        #expect(rig.control.setlist?.presetName == "Three")
        let ticks = rig.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte }.map(\.frame)
        // Clock: 24 a quarter note, 1000 frames apart at 120 BPM, 1333⅓ at 90.
        #expect(ticks.filter { (190_000..<196_000).contains($0) } == [190_000, 191_000, 192_000, 193_333, 194_667])
        #expect(rig.midi.filter { $0.status == MIDIRealtimeMessage.start.byte }.map(\.frame) == [0])
        #expect(rig.control.scorer.statistics.tempoChanges == [
            ReportTempoChange(frame: 192_000, bar: 3, tempo: Tempo(bpm: 90), cause: "preset 'Three'")])
        let hits = rig.control.scorer.statistics.hits
        #expect(hits.map(\.preset) == ["Four", "Three"])
        #expect(hits.map(\.position) == [GridPosition(bar: 2, beat: 1), GridPosition(bar: 3, beat: 2)])
        #expect(hits.map(\.offsetMs) == [5, 10])
        let byPreset = rig.control.scorer.statistics.byPreset
        #expect(byPreset.map(\.preset) == ["Four", "Three"])
        #expect(byPreset.map(\.summary.hits) == [1, 1])
        // Four: bars 1 and 2 (8 beats × 2 halves) less the one hit; Three: bars
        // 3 and 4 (2 × 3 × 2) and bar 5's downbeat, settled by 400000, less the
        // one hit. Two bars of 2 s each closed for each.
        #expect(byPreset.map(\.summary.misses) == [15, 12])
        #expect(byPreset.map(\.summary.durationS) == [4, 4])
    }

    @Test func aPresetPressedTooCloseToTheBarLineWaitsForTheNextOne() throws {
        var rig = try SessionRig(
            spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: Self.map, setlist: try Self.playback(),
            sounds: Self.banks)
        // 92000 is 4000 frames before bar 2: less than the lead, so bar 3.
        rig.run(until: 200_000, pedal: Self.press(82, at: 92_000))
        #expect(rig.control.scorer.statistics.tempoChanges.map(\.frame) == [192_000])
        #expect(rig.clicks.last == 192_000)
    }

    @Test func nextPresetOnTheLastPresetStaysAndChangesNothing() throws {
        var rig = try SessionRig(
            spec: TimelineSpec(tempo: Tempo(bpm: 90), meter: Meter(beats: 3, noteValue: 4)), bars: nil, pedalMap: Self.map,
            setlist: try Self.playback(index: 1), sounds: Self.banks)
        rig.run(until: 200_000, pedal: Self.press(82, at: 50_000))
        #expect(rig.control.scorer.statistics.tempoChanges.isEmpty)
        #expect(rig.control.setlist?.index == 1)
    }

    @Test func tapAndGoStartsOnTheTappedBeatWithTheBarsCarryingOn() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: Self.map)
        // Stop (pressed at 50000, stops at the start of the next cycle, 50048),
        // then four taps 28800 frames apart (100 BPM).
        let taps: [Int64] = [400_000, 428_800, 457_600, 486_400]
        rig.run(until: 700_000, pedal: Self.press(81, at: 50_000) + taps.flatMap { Self.press(80, at: $0) })
        // The fifth beat of the taps: 486400 + 28800.
        #expect(rig.clicks == [0, 24_000, 48_000] + frames(from: 515_200, every: 28_800, count: 7))
        #expect(rig.clickValues == [1.0, 0.5, 0.5, 1.0, 0.5, 0.5, 0.5, 1.0, 0.5, 0.5])
        let playing = rig.control.playing
        #expect(playing)
        #expect(rig.control.timeline.frame(ofBar: 2) == 515_200)
        #expect(rig.control.timeline.frame(ofBar: 3) == 630_400)
        #expect(rig.control.scorer.statistics.tempoChanges == [
            ReportTempoChange(frame: 515_200, bar: 2, tempo: Tempo(bpm: 100), cause: "tap-and-go")])
        // MIDI Start on the first new downbeat, then a tick every 1200 frames.
        #expect(rig.midi.filter { $0.status == MIDIRealtimeMessage.start.byte }.map(\.frame) == [0, 515_200])
        #expect(rig.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte && $0.frame >= 515_200 }.prefix(3).map(\.frame) == [515_200, 516_400, 517_600])
        // Bar 1 closed with the frames it played; what it never reached is no miss.
        let statistics = rig.control.scorer.statistics
        #expect(statistics.misses.map(\.position).filter { $0.bar == 1 } == [
            GridPosition(bar: 1, beat: 1, subdivision: 1), GridPosition(bar: 1, beat: 1, subdivision: 2),
            GridPosition(bar: 1, beat: 2, subdivision: 1), GridPosition(bar: 1, beat: 2, subdivision: 2),
            GridPosition(bar: 1, beat: 3, subdivision: 1)])
        #expect(statistics.barSummary(1)?.misses == 5)
        #expect(statistics.clickedFrames >= 50_048)
    }

    @Test func tapsRightAfterAStopCountAfresh() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: Self.map)
        // Four taps at 100 BPM while playing set the tempo; the stop comes
        // 0.6 s after the last, and four more taps follow at once.
        let playingTaps: [Int64] = [100_000, 128_800, 157_600, 186_400]
        let stoppedTaps: [Int64] = [230_400, 259_200, 288_000, 316_800]
        rig.run(until: 500_000, pedal: playingTaps.flatMap { Self.press(80, at: $0) } + Self.press(81, at: 215_000)
            + stoppedTaps.flatMap { Self.press(80, at: $0) })
        let playing = rig.control.playing
        #expect(playing)
        #expect(rig.control.scorer.statistics.tempoChanges.map(\.cause) == ["tap", "tap-and-go"])
        #expect(rig.control.scorer.statistics.tempoChanges.last?.frame == 345_600)
    }

    @Test func aPresetChosenWhileStoppedStartsAfreshOnStart() throws {
        var rig = try SessionRig(
            spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: Self.map, setlist: try Self.playback(),
            sounds: Self.banks)
        rig.run(until: 300_000, pedal: Self.press(81, at: 100_000) + Self.press(82, at: 200_000) + Self.press(81, at: 250_000))
        rig.run(until: 400_000)
        // Stopped at 100032 in bar 2; started with the lead (4800) after the press.
        #expect(rig.control.timeline.frame(ofBar: 3) == 254_800)
        #expect(rig.clicks.filter { $0 > 100_000 } == [254_800, 286_800, 318_800, 350_800, 382_800])
        #expect(rig.clickValues.suffix(5) == [0.9, 0.4, 0.4, 0.9, 0.4])
        #expect(rig.control.scorer.statistics.tempoChanges == [
            ReportTempoChange(frame: 254_800, bar: 3, tempo: Tempo(bpm: 90), cause: "preset 'Three'")])
        #expect(rig.control.scorer.preset(atBar: 3) == "Three")
        #expect(rig.control.scorer.preset(atBar: 2) == "Four")
    }

    @Test func withoutASetlistPresetActionsSaySo() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        let step = rig.control.perform(.nextPreset, at: 10_000, cause: "key")
        #expect(step.feedback == .message("no setlist loaded"))
        #expect(step.commands.isEmpty)
    }
}
