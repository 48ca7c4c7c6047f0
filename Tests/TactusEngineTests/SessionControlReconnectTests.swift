import Foundation
import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession
import TactusTestSupport

/// A session whose server can be swapped: the engine and its driver are
/// replaced by fresh ones on another clock, as after a JACK server restart.
/// 120 BPM 4/4 at 48 kHz, 64-frame periods: 24 000 frames a beat.
struct ServerSwapRig: ~Copyable {
    var driver: OfflineDriver
    var control: SessionControl
    var journal = ""
    var ending: SessionControl.Ending?
    var clicks: [Int64] = []
    var pending: [EngineCommand] = []
    let header: String

    static let settings = ScoringSettings()

    init(spec: TimelineSpec = TimelineSpec(tempo: Tempo(bpm: 120)), bars: Int?, start: Int64 = 0) throws {
        let timeline = try Timeline(spec: spec, startFrame: start)
        control = try SessionControl(timeline: timeline, scoring: Self.settings, bars: bars)
        driver = Self.server(startFrame: 0)
        header = SessionJournal.line(.header(JournalHeader(
            createdAt: "2026-11-22T10:00:00Z", source: ReportSource(kind: .live),
            settings: ReportSettings(spec: spec, scoring: Self.settings), originFrame: timeline.originFrame)))
        pending = EngineCommand.load(timeline, play: true)
    }

    static func server(startFrame: Int64) -> OfflineDriver {
        OfflineDriver(engine: Engine(sounds: [[1.0], [0.5], [0.25], [0.125]]), period: 64, startFrame: startFrame)
    }

    /// Runs cycles until `end` or the session ends; `input` carries absolute frames.
    mutating func run(until end: Int64, input: [RawMIDIEvent] = []) {
        while driver.frameTime < end && ending == nil {
            var output = OfflineDriver.Output()
            let commands = pending
            pending = []
            driver.cycle(commands: commands, input: input, into: &output)
            let cycleStart = driver.frameTime - Int64(output.audio.count)
            clicks += output.audio.enumerated().filter { $0.element != 0 }.map { cycleStart + Int64($0.offset) }
            var step = control.handle(output.events)
            step.absorb(control.advance(to: driver.frameTime))
            absorb(step)
        }
    }

    mutating func absorb(_ step: SessionControl.Step) {
        journal += step.journal
        if let ending = step.ending { self.ending = ending }
        pending += step.commands
    }

    /// The server goes away now; a new one starts at `newStart` and the
    /// session carries on `leadFrames` after it.
    mutating func swapServer(newStart: Int64, leadFrames: Int64, gapSeconds: Double) -> SessionInterruption {
        let lost = control.serverLost(at: driver.frameTime, reason: "JACK server has been closed")
        absorb(lost.step)
        pending = []
        driver = Self.server(startFrame: newStart)
        absorb(control.reconnect(after: lost.interruption, at: newStart, startingAt: newStart + leadFrames, gapSeconds: gapSeconds))
        return lost.interruption
    }

    func report() -> PracticeReport {
        control.scorer.report(
            createdAt: "2026-11-22T10:00:00Z", source: ReportSource(kind: .live),
            settings: ReportSettings(spec: control.timeline.spec, scoring: Self.settings))
    }
}

@Suite struct SessionControlReconnectTests {
    @Test func theSessionCarriesOnFromTheNextBarOnTheNewClock() throws {
        var rig = try ServerSwapRig(bars: 4)
        // Every beat 1 ms late until the loss at 130 048, in bar 2 after its beat 2.
        rig.run(until: 130_048, input: snare(frames(from: 48, every: 24_000, count: 6)))
        let interruption = rig.swapServer(newStart: 1_000_000, leadFrames: 12_000, gapSeconds: 2.4637)
        #expect(interruption == SessionInterruption(frame: 130_048, resumeBar: 3, wasPlaying: true, reason: "JACK server has been closed"))
        #expect(!rig.control.playing)
        // Bar 3 on the new clock at 1 012 000: the grid moved by 820 000.
        #expect(rig.control.timeline.frame(ofBar: 3) == 1_012_000)
        // Every beat 2 ms late after it.
        rig.run(until: 2_000_000, input: snare(frames(from: 1_012_096, every: 24_000, count: 8)))
        #expect(rig.ending == .barsPlayed)
        // The cycle that ends the session sounds bar 5's downbeat (1 204 000).
        #expect(rig.clicks == frames(from: 0, every: 24_000, count: 6) + frames(from: 1_012_000, every: 24_000, count: 9))
        rig.absorb(rig.control.finish(at: try #require(rig.control.endFrame)))

        let report = rig.report()
        #expect(report.summary.hits == 14)
        #expect(report.summary.matched == 14)
        // Beats 3 and 4 of bar 2 fell in the gap.
        #expect(report.summary.misses == 0)
        #expect(report.hits.map(\.offsetMs) == Array(repeating: 1, count: 6) + Array(repeating: 2, count: 8))
        #expect(report.hits.map(\.position.bar) == [1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4])
        #expect(report.hits.last?.timeS == 7.502)
        #expect(report.bars.map(\.bar) == [1, 2, 3, 4])
        #expect(report.summary.durationS == Double(96_000 * 3 + 34_048) / 48_000)
        #expect(report.events == [
            SessionEvent(kind: .serverLost, frame: 130_048, detail: "JACK server has been closed"),
            SessionEvent(
                kind: .reconnected, frame: 1_000_000, detail: "after 2.5 s; bar 3 starts at frame 1012000",
                gapS: 2.464, shiftFrames: 820_000),
        ])

        let recovered = try SessionJournal.recover(rig.header + rig.journal)
        #expect(recovered.warnings == [])
        var same = recovered.report
        same.source = report.source
        #expect(same == report)
    }

    @Test func aStoppedSessionComesBackStoppedAndResumesWhereItStopped() throws {
        var rig = try ServerSwapRig(bars: 4)
        rig.run(until: 50_048)
        rig.pending.append(.stop(at: .nextBar))
        rig.run(until: 130_048)
        #expect(!rig.control.playing)
        let interruption = rig.swapServer(newStart: 1_000_000, leadFrames: 12_000, gapSeconds: 1)
        #expect(interruption.resumeBar == 2)
        #expect(!interruption.wasPlaying)
        rig.run(until: 1_200_000)
        #expect(!rig.control.playing)
        #expect(rig.clicks == frames(from: 0, every: 24_000, count: 4))
        // Resumed on the cycle from 1 200 000: the engine stopped the new
        // timeline half a beat before bar 2 and carries on from there.
        rig.pending.append(.resume)
        rig.run(until: 3_000_000)
        #expect(rig.ending == .barsPlayed)
        #expect(rig.control.timeline.frame(ofBar: 2) == 1_212_000)
        #expect(rig.clicks == frames(from: 0, every: 24_000, count: 4) + frames(from: 1_212_000, every: 24_000, count: 13))
        rig.absorb(rig.control.finish(at: try #require(rig.control.endFrame)))
        // Nothing was played: 4 bars of 4 beats missed, none twice, none in the gap.
        #expect(rig.report().summary.misses == 16)
    }

    @Test func aLossInTheLastBarEndsTheSession() throws {
        var rig = try ServerSwapRig(bars: 2)
        rig.run(until: 130_048)
        let lost = rig.control.serverLost(at: 130_048, reason: "gone")
        #expect(lost.step.ending == .barsPlayed)
        #expect(lost.interruption.resumeBar == 3)
        #expect(lost.step.completedBars.map(\.frames) == [34_048])
    }

    @Test func aLossBeforeTheFirstClickStartsAgainWithTheCountIn() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1)
        var rig = try ServerSwapRig(spec: spec, bars: 1, start: 48_000)
        rig.run(until: 20_032)
        let interruption = rig.swapServer(newStart: 640_000, leadFrames: 12_000, gapSeconds: 0.5)
        #expect(interruption.resumeBar == 0)
        rig.run(until: 2_000_000)
        #expect(rig.ending == .barsPlayed)
        #expect(rig.clicks == frames(from: 652_000, every: 24_000, count: 9))
        #expect(rig.control.timeline.originFrame == 652_000 + 96_000)
    }

    @Test func aLossOnABarLineCarriesOnWithThatBar() throws {
        var rig = try ServerSwapRig(bars: 4)
        rig.run(until: 96_000)
        let interruption = rig.swapServer(newStart: 64_000, leadFrames: 6_400, gapSeconds: 0.25)
        #expect(interruption.resumeBar == 2)
        // Bar 2 now starts at 70 400, earlier in frames than before: clocks are unrelated.
        #expect(rig.control.timeline.frame(ofBar: 2) == 70_400)
        rig.run(until: 1_000_000)
        #expect(rig.clicks == frames(from: 0, every: 24_000, count: 4) + frames(from: 70_400, every: 24_000, count: 12))
    }

    @Test func randomMutingCarriesOnOnTheNewEngine() throws {
        var rig = try ServerSwapRig(bars: 4)
        let started = try rig.control.start(PracticePrograms(randomMute: .randomBeats(percent: 50, seed: 7)))
        rig.pending = started.commands + rig.pending
        rig.run(until: 130_048)
        let mutedBefore = rig.control.scorer.statistics.events.filter { $0.kind == .mutedBeat }.count
        _ = rig.swapServer(newStart: 1_000_000, leadFrames: 12_000, gapSeconds: 0.25)
        #expect(rig.pending.contains(EngineCommand.randomMute(percent: 50, seed: 7)))
        rig.run(until: 2_000_000)
        let muted = rig.control.scorer.statistics.events.filter { $0.kind == .mutedBeat }
        // Bars 3 and 4 and bar 5's downbeat on the new clock: the same seed
        // mutes the beats it would have muted.
        let schedule = GapSchedule.randomBeats(percent: 50, seed: 7)
        let beats = (3...4).flatMap { bar in (1...4).map { (bar, $0) } } + [(5, 1)]
        let expected = beats.filter { schedule.isMuted(bar: $0.0, beat: $0.1) }.count
        #expect(expected > 0 && expected < 9)
        #expect(muted.count - mutedBefore == expected)
        #expect(rig.clicks.count == 6 - mutedBefore + 9 - expected)
    }

    @Test func muteSurvivesTheSwap() throws {
        var rig = try ServerSwapRig(bars: 4)
        rig.pending.append(.mute(true))
        rig.run(until: 30_016)
        #expect(rig.control.muted)
        _ = rig.swapServer(newStart: 1_000_000, leadFrames: 12_000, gapSeconds: 0.25)
        #expect(rig.pending.last == .mute(true))
        rig.run(until: 1_100_000)
        #expect(rig.control.muted)
        #expect(rig.clicks == [])
    }
}
