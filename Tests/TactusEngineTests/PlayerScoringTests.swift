import Foundation
import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// A player's scorer follows what the session control does to its own: with
/// one player playing everything, their part is the session's own scoring.
@Suite struct PlayerScoringTests {
    /// One player, `a`, on the rig's grid with the control's settings.
    static func withPlayer(_ rig: inout SessionRig) throws {
        rig.control.players = try PlayerScoring(
            names: ["a"], ports: ["kit:out"], grid: rig.control.timeline, settings: [rig.control.scorer.settings])
    }

    static func snare(_ frames: [Int64]) -> [RawMIDIEvent] {
        frames.map { RawMIDIEvent(frame: $0, size: 3, status: 0x99, data1: 38, data2: 100) }
    }

    /// The control loop wakes for a player's positions too: one whose
    /// compensation takes 20 ms off settles beat 1 (frame 0) once its 50 ms ok
    /// window less 20 ms (1 440 frames) has passed, before the session does (2 400).
    @Test func theNextSettleFrameIsTheEarliestOfTheSessionsAndThePlayers() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0)
        let plain = ScoringSettings(subdivision: 1)
        var early = plain
        early.latency = LatencyCompensation(userOffsetMs: -20)
        var control = try SessionControl(timeline: timeline, scoring: plain)
        #expect(control.nextSettleFrame == 2_401)
        control.players = try PlayerScoring(names: ["a", "b"], ports: ["a", "b"], grid: timeline, settings: [plain, early])
        #expect(control.nextSettleFrame == 1_441)
    }

    /// One player is a group of one: the session's scorer is theirs, the
    /// hit is scored once, and neither the report nor the journal lists players.
    @Test func onePlayerIsAGroupOfOne() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 36_000, input: Self.snare([24_096]))
        #expect(!rig.control.players.isGroup && rig.control.players.players.isEmpty)
        #expect(rig.control.players.journalPlayers == nil)
        #expect(rig.control.scorer.statistics.hits.map(\.offsetMs) == [2])
        let report = rig.control.report(
            createdAt: "2026-11-29T00:00:00Z", source: ReportSource(kind: .live),
            settings: ReportSettings(spec: TimelineSpec(tempo: Tempo(bpm: 120)), scoring: ScoringSettings(subdivision: 2)))
        #expect(report.players == nil && report.ensemble == nil && !report.isGroup)
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
        let player = try #require(rig.control.players.players.first?.scorer.statistics)
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
        _ = rig.control.adopt(rig.control.timeline.shifted(by: 1_000), fresh: true, cause: "transport")
        rig.run(until: 200_000, input: Self.snare([120_000 + 1_000 + 96, 144_000 + 1_000 - 48]))
        let main = rig.control.scorer.statistics
        let player = try #require(rig.control.players.players.first?.scorer.statistics)
        #expect(main.hits.map(\.offsetMs) == [2, -1])
        #expect(player.hits == main.hits)
        #expect(player.misses == main.misses)
    }

    @Test func theJournalRebuildsThePlayersAndTheEnsemble() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2)
        let scoring = ScoringSettings(subdivision: 2)
        var rig = try SessionRig(spec: spec, bars: 4)
        rig.control.players = try PlayerScoring(
            names: ["anna", "ben"], ports: ["kit:out", "bass:out"], grid: rig.control.timeline, settings: [scoring, scoring])
        // Anna 2 ms late, ben 1 ms early, on beats 2 to 9.
        let input = (1...8).flatMap { beat in
            [RawMIDIEvent(frame: Int64(beat) * 24_000 - 48, size: 3, status: 0x99, data1: 36, data2: 90, player: 1),
             RawMIDIEvent(frame: Int64(beat) * 24_000 + 96, size: 3, status: 0x99, data1: 38, data2: 100, player: 0)]
        }
        rig.run(until: 48_000 * 10, input: input)
        #expect(rig.ending == .barsPlayed)
        let end = rig.driver.frameTime
        rig.journal += rig.control.finish(at: end).journal
        let group = rig.control.players
        let settings = ReportSettings(spec: spec, scoring: scoring)
        let createdAt = "2026-11-25T00:00:00Z"
        let live = rig.control.report(createdAt: createdAt, source: ReportSource(kind: .live), settings: settings)
        let header = JournalHeader(
            createdAt: createdAt, source: ReportSource(kind: .live), settings: settings,
            originFrame: rig.control.timeline.originFrame, players: group.journalPlayers)
        let recovered = try SessionJournal.recover(SessionJournal.line(.header(header)) + rig.journal)
        #expect(recovered.warnings.isEmpty)
        let parts = try #require(recovered.report.players)
        #expect(parts.map(\.name) == ["anna", "ben"])
        #expect(parts.map(\.port) == ["kit:out", "bass:out"])
        #expect(parts[0].hits.map(\.offsetMs) == Array(repeating: 2, count: 8))
        #expect(parts[1].hits.map(\.offsetMs) == Array(repeating: -1, count: 8))
        #expect(parts.map(\.hits) == live.players?.map(\.hits))
        #expect(parts.map(\.summary) == live.players?.map(\.summary))
        #expect(parts.map(\.summary.misses) == [24, 24])
        #expect(recovered.report.ensemble == live.ensemble)
        let pair = try #require(recovered.report.ensemble?.pairs.first)
        #expect(pair.players == ["anna", "ben"] && pair.n == 8 && pair.meanAsynchronyMs == 3)
    }

    @Test func aPlayersLineRoundTripsWithTheirName() throws {
        let hit = ScoredHit(
            frame: 24_096, gridFrame: 24_000, timeS: 0.502, position: GridPosition(bar: 1, beat: 2, subdivision: 1),
            offsetMs: 2, note: 38, velocity: 100, channel: 10, grade: .perfect, countIn: false, muted: false, preset: nil)
        let line = SessionJournal.line(.playerHit(player: "anna", hit))
        #expect(line.contains(#""type":"playerHit""#) && line.contains(#""player":"anna""#))
        #expect(try JSONDecoder().decode(JournalEntry.self, from: Data(line.utf8)) == .playerHit(player: "anna", hit))
    }
}
