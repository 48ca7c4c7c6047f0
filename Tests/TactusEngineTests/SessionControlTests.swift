import Foundation
import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession
import TactusTestSupport

@Suite struct SessionControlTests {
    @Test func aSimulatedPlayerIsScoredWithItsExactOffsets() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2, countInBars: 1)
        var rig = try SessionRig(spec: spec, bars: 8, start: 640)
        let notes = SimulatedPlayer(seed: 5, missProbability: 0).perform(on: rig.control.timeline, bars: 1...8)
        let input = notes.map { RawMIDIEvent(frame: $0.frame, size: 3, status: 0x99, data1: $0.note, data2: $0.velocity) }
        rig.run(until: 48_000 * 30, input: input)
        #expect(rig.ending == .barsPlayed)
        let finish = rig.control.finish(at: rig.driver.frameTime)
        rig.journal += finish.journal
        let report = rig.control.scorer.report(
            createdAt: "2026-11-21T12:00:00Z", source: ReportSource(kind: .live), settings: ReportSettings(spec: spec, scoring: ScoringSettings(subdivision: 2)))
        let scored = report.hits.filter { !$0.countIn }
        #expect(scored.count == notes.count)
        for (hit, note) in zip(scored, notes) {
            #expect(hit.frame == note.frame)
            #expect(hit.offsetMs == Double(note.offsetFrames) / 48)
        }
        #expect(report.summary.misses == 0)
        // The journal alone rebuilds the same hits.
        let recovered = try SessionJournal.recover(
            SessionJournal.line(.header(JournalHeader(createdAt: "2026-11-21T12:00:00Z", source: ReportSource(kind: .live),
                settings: ReportSettings(spec: spec, scoring: ScoringSettings(subdivision: 2)), originFrame: rig.control.timeline.originFrame)))
            + rig.journal)
        #expect(recovered.report.hits.count == report.hits.count)
        #expect(recovered.report.hits.map(\.offsetMs) == report.hits.map(\.offsetMs))
    }

    @Test func fourTapsAt100BPMSetTheTempoOnTheNextBeat() throws {
        let map = try PedalMap(json: Array(#"{"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap"}]}"#.utf8), file: "map.json")
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil, pedalMap: map)
        // Taps every 28800 frames (100 BPM), each a press and a release.
        let taps: [Int64] = [100_000, 128_800, 157_600, 186_400]
        let pedal = taps.flatMap {
            [RawMIDIEvent(frame: $0, size: 3, status: 0xB0, data1: 80, data2: 127),
             RawMIDIEvent(frame: $0 + 2_000, size: 3, status: 0xB0, data1: 80, data2: 0)]
        }
        rig.run(until: 400_000, pedal: pedal)
        let change = try #require(rig.control.scorer.statistics.tempoChanges.first)
        #expect(change.tempo == Tempo(bpm: 100))
        #expect(change.cause == "tap")
        // 120 BPM beats fall every 24000 frames; the first after the fourth tap
        // (the cycle it arrived in) is 192000, and from there beats are 28800 apart.
        #expect(change.frame == 192_000)
        #expect(rig.clicks.filter { $0 >= 150_000 } == [168_000, 192_000, 220_800, 249_600, 278_400, 307_200, 336_000, 364_800, 393_600])
        #expect(rig.control.timeline.nearest(to: 220_900, subdivision: 1, swing: nil).offsetFrames == 100)
    }

    @Test func stopAndResumeKeepTheBarsCounting() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: 4)
        rig.run(until: 50_000)
        rig.pending.append(.stop(at: .nextBar))
        rig.run(until: 300_000)
        #expect(!rig.control.playing)
        rig.pending.append(.resume)
        rig.run(until: 1_000_000)
        #expect(rig.ending == .barsPlayed)
        // Bar 2 resumes on the first frame of the cycle after 300000.
        #expect(rig.control.timeline.frame(ofBar: 2) == 300_032)
        #expect(rig.clicks == [0, 24_000, 48_000, 72_000] + frames(from: 300_032, every: 24_000, count: 12))
    }
}

@Suite struct SessionControlEngineCommandTests {
    @Test func theSessionSaysWhichCommandsPlayEndAndSetUpTheEngine() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1))
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: nil)
        #expect(control.play() == timeline.segments.map { .loadSegment($0) } + [.commitLoad(play: true)])
        #expect(control.end() == [.stop(at: .immediately)])
        #expect(control.end(followingTransport: true) == [.followTransport(false), .stop(at: .immediately)])
        #expect(control.engineSettings() == [])
        control.clockWhileStopped = true
        #expect(control.engineSettings() == [.clockWhileStopped(true)])
    }
}

@Suite struct SessionControlXrunTests {
    @Test func anXrunIsRecordedAtTheFrameTheDriverStampedIt() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), bars: nil)
        let step = control.handle([.xrun(frame: 96_123), .xrun(frame: 200_064)])
        #expect(control.xruns == 2)
        #expect(control.scorer.statistics.events == [
            SessionEvent(kind: .xrun, frame: 96_123, detail: "xrun 1"),
            SessionEvent(kind: .xrun, frame: 200_064, detail: "xrun 2"),
        ])
        #expect(step.journal == """
            {"detail":"xrun 1","frame":96123,"kind":"xrun","type":"event"}
            {"detail":"xrun 2","frame":200064,"kind":"xrun","type":"event"}

            """)
    }
}

@Suite struct SessionControlGlideTests {
    @Test func pedalTempoChangesCanGlide() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.control.tempoGlideBeats = 4
        rig.run(until: 30_000)
        let step = rig.control.perform(.tempoUp(milliBPM: 60_000), at: 30_000, cause: "pedal tempo+")
        rig.pending += step.commands
        rig.run(until: 160_000)
        // From the next beat (48000) the tempo rises linearly in time from 120
        // to 180 BPM over 4 beats (2·4·60/300 s = 76800 frames), then holds:
        // beat b of the glide at 48000 + 2b/(u0 + √(u0² + 2kb)), rounded once.
        #expect(rig.clicks == [0, 24_000, 48_000, 70_371, 90_202, 108_202, 124_800, 140_800, 156_800])
        let change = try #require(rig.control.scorer.statistics.tempoChanges.first)
        #expect(change.frame == 48_000 && change.tempo == Tempo(bpm: 180) && change.cause == "pedal tempo+")
    }
}
