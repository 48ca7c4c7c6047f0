import Testing
import TactusCore
import TactusTestSupport
@testable import TactusEngine

@Suite struct EngineClickTests {
    /// Eighths at 97 BPM from frame 1 000: click k at 1 000 + k·1 440 000/97
    /// frames, rounded once (`IdealGrid`, whole numbers), with the levels
    /// "Xxox" gives the beats and the &s between them.
    @Test func clickOnsetsAreTheTimelineFrames() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), subdivision: 2, accents: AccentPattern(parsing: "Xxox"))
        var rig = try Rig(spec, start: 1_000)
        rig.run(until: 48_000 * 20)
        let ideal = (0..<Int64(400)).map { IdealGrid.steadyFrame(origin: 1_000, numerator: $0, denominator: 2, bpm: 97) }.filter { $0 < 48_000 * 20 }
        let heard = onsets(rig.out.audio)
        #expect(heard.map(\.frame) == ideal)
        let beatLevels: [ClickLevel] = [.accent, .beat, .soft, .beat]
        let levels = ideal.indices.map { $0 % 2 == 0 ? beatLevels[($0 / 2) % 4] : .subdivision }
        #expect(heard.map(\.value) == levels.map { impulseSounds[$0.rawValue][0] })
        #expect(heard.map(\.frame) == rig.timeline.clicks(in: 0..<(48_000 * 20)).map(\.frame))
    }

    /// A bar of count-in at 60, then 60 → 180 BPM over 8 bars (32 beats),
    /// linear in time, in 16ths: every click within half a frame of its
    /// ideal time in closed form (`IdealGrid.rampFrames`), then 180 steady.
    @Test func clickOnsetsFollowARampExactly() throws {
        let spec = TimelineSpec(
            tempo: Tempo(bpm: 60), subdivision: 4, countInBars: 1,
            changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 180), rampBars: 8)])
        var rig = try Rig(spec, start: 333, period: 128)
        rig.run(until: 48_000 * 30)
        let heard = onsets(rig.out.audio).map(\.frame)
        // The count-in's sixteenths at 60: a quarter of a second apart.
        #expect(Array(heard.prefix { $0 < 192_333 }) == frames(from: 333, every: 12_000, count: 16))
        // Bar 1 at 333 + 192 000; the ramp lasts 16 s, then 10 s more at 3 beats a second: 4 · (32 + 30) sixteenths.
        let ramped = heard.drop { $0 < 192_333 }
        #expect(ramped.count == 4 * 62)
        for (index, frame) in ramped.enumerated() {
            let ideal = 192_333 + IdealGrid.rampFrames(beats: Double(index) / 4, from: 60, to: 180, over: 32)
            #expect(abs(Double(frame) - ideal) <= 0.5 + 1e-6, "sixteenth \(index): \(frame) against \(ideal)")
        }
    }

    @Test func anXrunSkipsCyclesWithoutMovingTheGrid() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.run(until: 48_000)
        rig.d.skip(cycles: 300)  // 19200 frames lost
        var after = OfflineDriver.Output()
        let resumeAt = rig.d.frameTime
        rig.d.run(until: 48_000 * 3, into: &after)
        #expect(onsets(after.audio, from: resumeAt).map(\.frame) == [72_000, 96_000, 120_000])
        #expect(rig.timeline.clicks(in: resumeAt..<(48_000 * 3)).map(\.frame) == [72_000, 96_000, 120_000])
    }

    @Test func longSoundsRingIntoTheNextCycle() throws {
        let ramp: [Float] = (1...100).map { Float($0) }
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 30)
        var d = OfflineDriver(engine: Engine(sounds: [ramp, ramp, ramp, ramp]), period: 64)
        var out = OfflineDriver.Output()
        d.cycle(commands: EngineCommand.load(timeline, play: true), into: &out)
        d.run(until: 256, into: &out)
        #expect(Array(out.audio[28..<32]) == [0, 0, 1, 2])
        #expect(Array(out.audio[62..<67]) == [33, 34, 35, 36, 37])
        #expect(out.audio[129] == 100)
        #expect(out.audio[130] == 0)
    }

    @Test func mutedEngineKeepsTheGridButIsSilent() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.cycle([.mute(true)])
        rig.run(until: 96_000)
        #expect(onsets(rig.out.audio).map(\.frame) == [0])
        rig.cycle([.mute(false)])
        rig.run(until: 150_000)
        #expect(onsets(rig.out.audio).map(\.frame) == [0, 96_000, 120_000, 144_000])
    }
}

@Suite struct EngineClockTests {
    @Test func clockStartsOnTheFirstDownbeatAfterTheCountIn() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), countInBars: 1)
        var rig = try Rig(spec, start: 500)
        rig.run(until: 48_000 * 10)
        let ticks = rig.out.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte }.map(\.frame)
        // Tick k after the count-in's 96: 500 + (96 + k)/24 beats at 97 BPM, rounded once.
        let ideal = (Int64(0)..<1_000).map { IdealGrid.steadyFrame(origin: 500, numerator: 96 + $0, denominator: 24, bpm: 97) }
        #expect(ticks == ideal.filter { $0 < 48_000 * 10 })
        #expect(rig.out.midi.first == RawMIDIEvent(frame: rig.timeline.originFrame, realtime: .start))
        #expect(rig.out.midi[1] == RawMIDIEvent(frame: rig.timeline.originFrame, realtime: .clock))
        // One bar of 4/4 at 97 after frame 500: 500 + 4 · 2880000/97 = 119262.9 → 119263.
        #expect(rig.timeline.originFrame == 119_263)
    }

    @Test func clockWhileStoppedTicksWithoutStart() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)), play: false)
        rig.cycle([.clockWhileStopped(true)])
        rig.run(until: 4_000)
        #expect(rig.out.midi.map(\.status).allSatisfy { $0 == MIDIRealtimeMessage.clock.byte })
        #expect(rig.out.midi.map(\.frame) == [1_000, 2_000, 3_000, 4_000])
        #expect(onsets(rig.out.audio).isEmpty)
    }

    @Test func stopAtTheNextBarSendsStopThere() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.run(until: 30_000)
        rig.cycle([.stop(at: .nextBar)])
        rig.run(until: 200_000)
        #expect(onsets(rig.out.audio).map(\.frame) == [0, 24_000, 48_000, 72_000])
        #expect(rig.out.midi.last == RawMIDIEvent(frame: 96_000, realtime: .stop))
        #expect(rig.out.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte }.count == 96)
        #expect(rig.out.events.contains(.stopped(frame: 96_000)))
    }

    /// 120 BPM from `start`, stopped at the bar line after frame 30 000,
    /// resumed at frame 200 000 and played a beat on: the frame it resumed at
    /// and what it played from there.
    static func stoppedAndResumed(start: Int64 = 0) throws -> (at: Int64, resumed: OfflineDriver.Output) {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)), start: start)
        rig.run(until: 30_000)
        rig.cycle([.stop(at: .nextBar)])
        rig.run(until: 200_000)
        var resumed = OfflineDriver.Output()
        let at = rig.d.frameTime
        rig.d.cycle(commands: [.resume], into: &resumed)
        rig.d.run(until: at + 24_001, into: &resumed)
        return (at, resumed)
    }

    @Test func resumeSendsSongPositionThenContinue() throws {
        let (at, resumed) = try Self.stoppedAndResumed()
        // Stopped at bar 2: 16 sixteenths from the start.
        #expect(Array(resumed.midi.prefix(3)) == [
            RawMIDIEvent(frame: at, songPosition: MIDISongPosition(clampingMIDIBeats: 16)),
            RawMIDIEvent(frame: at, realtime: .continue),
            RawMIDIEvent(frame: at, realtime: .clock),
        ])
        #expect(onsets(resumed.audio, from: at).map(\.frame) == [at, at + 24_000])
        #expect(onsets(resumed.audio, from: at).map(\.value) == [1.0, 0.5])
    }

    /// Past 16 383 sixteenths (1024 bars of 4/4) the pointer says the last
    /// place it can, rather than wrapping round to near the start.
    @Test func resumeBeyondTheSongPositionsRangeSaysItsEnd() throws {
        // Bar 1 forty minutes before frame 0: 4800 beats, 19 200 sixteenths.
        let (at, resumed) = try Self.stoppedAndResumed(start: -115_200_000)
        #expect(Array(resumed.midi.prefix(2)) == [
            RawMIDIEvent(frame: at, size: 3, status: 0xF2, data1: 0x7F, data2: 0x7F),
            RawMIDIEvent(frame: at, realtime: .continue),
        ])
    }
}

@Suite struct EngineInputTests {
    @Test func inputIsStampedWithAbsoluteFrames() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        let hit = RawMIDIEvent(frame: 6_417, size: 3, status: 0x99, data1: 38, data2: 100)
        let tap = RawMIDIEvent(frame: 6_400, size: 3, status: 0xB0, data1: 80, data2: 127)
        rig.run(until: 6_400)
        rig.cycle(input: [hit], pedal: [tap])
        #expect(rig.out.events.filter { $0.input != nil || $0.pedal != nil } == [.input(hit), .pedal(tap)])
    }

    /// Two xruns, the cycles having stopped at 6 336 (two skips of a cycle,
    /// the next cycle at 6 464): reported at 6 336, after the next cycle's
    /// own reports (the hit), as the JACK driver passes them; the cycle
    /// after reports none.
    @Test func xrunsOfACycleAreReportedAfterItsOwnReports() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        let hit = RawMIDIEvent(frame: 6_481, size: 3, status: 0x99, data1: 38, data2: 100)
        rig.run(until: 6_336)
        rig.d.skip(cycles: 1)
        rig.d.skip(cycles: 1)
        let before = rig.out.events.count
        rig.cycle(input: [hit])
        rig.cycle()
        #expect(Array(rig.out.events[before...]) == [.input(hit), .xrun(frame: 6_336), .xrun(frame: 6_336)])
    }
}

@Suite struct EngineTempoTests {
    static func isTempoChange(_ event: EngineEvent) -> Bool {
        if case .tempoChanged = event { true } else { false }
    }

    @Test func tempoChangeOnTheNextBeat() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.run(until: 30_000)
        rig.cycle([.setTempo(milliBPM: 60_000, at: .nextBeat, cause: 7)])
        rig.run(until: 200_000)
        #expect(onsets(rig.out.audio).map(\.frame) == [0, 24_000, 48_000, 96_000, 144_000, 192_000])
        guard case .tempoChanged(let frame, let segment, let cause)? = rig.out.events.first(where: Self.isTempoChange) else {
            Issue.record("no tempo change reported")
            return
        }
        #expect(frame == 48_000 && cause == 7)
        // The control side follows the change and gets the same grid.
        let followed = rig.timeline.replacingTail(with: segment)
        #expect(followed.clicks(in: 0..<200_000).map(\.frame) == [0, 24_000, 48_000, 96_000, 144_000, 192_000])
        #expect(followed.nearest(to: 150_000, subdivision: 1, swing: nil).position == GridPosition(bar: 2, beat: 1))
        let ticks = rig.out.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte }.map(\.frame)
        // 24 a beat: every 1 000 frames at 120 BPM, every 2 000 from the change at 60.
        #expect(ticks == Array(stride(from: 0, to: 48_000, by: 1_000)) + Array(stride(from: 48_000, to: 200_000, by: 2_000)))
    }

    @Test func tempoChangeOnTheNextBarAndRamp() throws {
        var rig = try Rig(TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.run(until: 30_000)
        rig.cycle([.setTempo(milliBPM: 240_000, rampBeats: 8, at: .nextBar)])
        rig.run(until: 480_000)
        guard case .tempoChanged(let frame, let segment, _)? = rig.out.events.first(where: Self.isTempoChange) else {
            Issue.record("no tempo change reported")
            return
        }
        #expect(frame == 96_000)
        let followed = rig.timeline.replacingTail(with: segment)
        // Four beats at 120 (24 000 frames each), eight ramping to 240 linearly
        // in time from frame 96 000, then 240 (12 000 frames each): 34 before frame 480 000.
        let ideal = (0..<34).map { IdealGrid.frames(beats: Double($0), steadyBeats: 4, from: 120, to: 240, over: 8) }
        #expect(IdealGrid.matches(onsets(rig.out.audio).map(\.frame), ideal))
        // 8 beats from 120 to 240 BPM take 2·8·60/360 s = 8/3 s; then 12000 frames a beat.
        #expect(followed.frame(ofBar: 4) == 96_000 + 128_000)
        #expect(followed.frame(ofBar: 5) == 224_000 + 48_000)
    }
}
