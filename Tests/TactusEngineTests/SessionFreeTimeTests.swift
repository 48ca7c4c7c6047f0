import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// `run --free` through the offline driver: the click counts in and stops,
/// the live view follows the player's own pulse, and the report is scored
/// against the pulse of the whole take.
@Suite struct SessionFreeTimeTests {
    /// 120 BPM in 4/4 with a bar of count-in, eight bars; the player plays
    /// quarters at 125 BPM (23040 frames apart) from bar 1's downbeat (96000).
    static func freeTake() throws -> SessionRig {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1, gap: .free), bars: 8)
        rig.control.followPulse(free: true)
        rig.run(until: 900_000, input: PlayerScoringTests.snare((0..<40).map { 96_000 + Int64($0) * 23_040 }))
        return rig
    }

    @Test func theClickCountsInAndStopsAndTheLiveViewFollowsThePlayersTempo() throws {
        let rig = try Self.freeTake()
        #expect(rig.clicks == [0, 24_000, 48_000, 72_000])
        #expect(rig.ending == .barsPlayed)
        // Bar 9 starts at 864000: notes 0 to 33 are the session's.
        #expect(rig.hits.count == 34)
        // The second note is 20 ms before 120 BPM's beat (120000); the line
        // through two beats is the player's, and every later note is on it.
        let offsets = rig.hits.map(\.offsetMs)
        #expect(abs(offsets[0]) < 1e-6 && abs(offsets[1] - -20) < 1e-6)
        #expect(offsets.dropFirst(2).allSatisfy { abs($0) < 1e-6 })
        #expect(rig.hits[1].grade == .good)
        let pulse = try #require(rig.control.pulse)
        #expect(abs(try #require(pulse.pulse.bpm) - 125) < 1e-9)
        // Bar 1 of the pulse ends with the fifth note: 0, -20, 0, 0 ms.
        let first = try #require(rig.pulseBars.first)
        #expect(first.bar == 1 && first.statistics.hits == 4 && first.statistics.percentInWindow == 100)
        #expect(abs(try #require(first.statistics.meanOffsetMs) - -5) < 1e-6)
        #expect(abs(try #require(first.statistics.sdOffsetMs) - 10) < 1e-6)
        #expect(abs(try #require(first.bpm) - 125) < 1e-9)
        // Notes 4k end bar k; the session's end closes bar 9 (notes 32 and 33).
        #expect(rig.pulseBars.map(\.bar) == Array(1...9))
        #expect(rig.pulseBars.last?.statistics.hits == 2)
        #expect(pulse.session.hits == 34)
    }

    @Test func theReportIsScoredAgainstThePulseOfTheWholeTake() throws {
        let rig = try Self.freeTake()
        let settings = ReportSettings(spec: rig.control.timeline.spec, scoring: rig.control.scoring)
        let report = try rig.control.freeReport(
            createdAt: "2026-11-28T12:00:00Z", source: ReportSource(kind: .live, detail: "offline"), settings: settings, endFrame: 864_000)
        #expect(report.settings.freeTime && report.settings.gap == nil)
        #expect(report.summary.hits == 34)
        #expect(report.hits.allSatisfy { abs($0.offsetMs) < 1e-6 })
        let pulse = try #require(report.pulse)
        // Seconds from the session's start: the first note is bar 1's downbeat at 2 s.
        #expect(pulse.beats.count == 34)
        #expect(abs(pulse.beats[0].timeS - 2) < 1e-9 && pulse.beats[0].bar == 1 && pulse.beats[0].beat == 1)
        #expect(abs(pulse.beats[33].timeS - (2 + 33 * 0.48)) < 1e-9 && pulse.beats[33].bar == 9 && pulse.beats[33].beat == 2)
        #expect(pulse.beats.allSatisfy { abs($0.bpm - 125) < 1e-6 })
    }

    @Test func aTakeTooSparseForAPulseIsRefusedWithTheReason() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1, gap: .free), bars: 2)
        rig.control.followPulse(free: true)
        rig.run(until: 400_000, input: PlayerScoringTests.snare([96_000, 120_000, 144_000]))
        let settings = ReportSettings(spec: rig.control.timeline.spec, scoring: rig.control.scoring)
        #expect(throws: SettingError("no pulse to score against: 3 notes cannot carry a pulse; free time needs at least 8")) {
            try rig.control.freeReport(createdAt: "", source: ReportSource(kind: .live), settings: settings, endFrame: 288_000)
        }
    }

    /// A gap click: the pulse says the tempo held, and the hits stay graded against the grid.
    @Test func aGapClickFollowsThePulseWithoutRegradingTheHits() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120), gap: GapPattern(playBars: 1, muteBars: 1)), bars: 2)
        rig.control.followPulse(free: false)
        rig.run(until: 200_000, input: PlayerScoringTests.snare((0..<8).map { Int64($0) * 23_040 }))
        #expect(rig.clicks == [0, 24_000, 48_000, 72_000])
        // Grid offsets (the note at frame 0 comes before the engine has the
        // timeline): note k is 20k ms early.
        #expect(rig.hits.prefix(4).map { ($0.offsetMs * 1000).rounded() / 1000 } == [-20, -40, -60, -80])
        #expect(rig.pulseBars.isEmpty)
        #expect(abs(try #require(rig.control.pulse?.pulse.bpm) - 125) < 1e-9)
    }
}
