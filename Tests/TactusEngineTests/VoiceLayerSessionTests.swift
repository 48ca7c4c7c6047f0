import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// A session whose hands play three over the bar against a 3:4 layer while
/// the feet keep four, scored in process: the snare is the part `snare` on
/// layer 2, the kick stays on the main click (scored in 8ths by the rig).
/// 120 BPM from frame 9 600: a bar is 96 000 frames, the notes of the 3
/// are 32 000 apart.
@Suite struct VoiceLayerSessionTests {
    @Test func eachPartIsScoredOnItsLayerAndTheJournalRebuildsIt() throws {
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)])
        var rig = try SessionRig(spec: spec, bars: 4, start: 9_600)
        let parts = [try VoiceLayer.parse("snare=2", map: .generalMIDI)]
        rig.control.players = try PlayerScoring(
            parts: VoiceLayerRouting(parts, map: .generalMIDI), grid: rig.control.timeline, settings: ScoringSettings(subdivision: 1))
        // Kicks on the beats 1 ms late (48 frames); snares on the 3, the 2nd of each bar 5 ms (240 frames) late.
        var input: [RawMIDIEvent] = []
        for bar in 0..<4 {
            for beat in 0..<4 {
                input.append(RawMIDIEvent(frame: Int64(9_600 + bar * 96_000 + beat * 24_000 + 48), size: 3, status: 0x99, data1: 36, data2: 100))
            }
            for note in 0..<3 {
                let late: Int64 = note == 1 ? 240 : 0
                input.append(RawMIDIEvent(frame: Int64(9_600 + bar * 96_000 + note * 32_000) + late, size: 3, status: 0x99, data1: 38, data2: 90))
            }
        }
        rig.run(until: 48_000 * 10, input: input.sorted { $0.frame < $1.frame })
        #expect(rig.ending == .barsPlayed)
        rig.journal += rig.control.finish(at: rig.driver.frameTime).journal
        let feet = rig.control.scorer.statistics
        #expect(feet.hits.map(\.note) == Array(repeating: 36, count: 16))
        #expect(feet.hits.map(\.offsetMs) == Array(repeating: 1, count: 16))
        // The rig scores the main click in 8ths: the &s the kick leaves out are its misses.
        #expect(feet.misses.count == 16 && feet.misses.allSatisfy { $0.position.subdivision == 2 })
        let hands = try #require(rig.control.players.players.first?.scorer.statistics)
        #expect(hands.hits.map(\.position) == (1...4).flatMap { bar in (1...3).map { GridPosition(bar: bar, beat: $0) } })
        #expect(hands.hits.map(\.offsetMs) == (0..<12).map { $0 % 3 == 1 ? 5 : 0 })
        #expect(hands.misses.isEmpty)

        let settings = ReportSettings(spec: spec, scoring: rig.control.scorer.settings)
        let createdAt = "2026-11-28T00:00:00Z"
        let live = rig.control.report(createdAt: createdAt, source: ReportSource(kind: .live), settings: settings)
        let part = try #require(live.players?.first)
        #expect(part.name == "snare" && part.layer == 2 && part.voices == ["snare"] && part.port == "layer 2")
        #expect(live.ensemble == nil)
        let group = rig.control.players
        let header = JournalHeader(
            createdAt: createdAt, source: ReportSource(kind: .live), settings: settings,
            originFrame: rig.control.timeline.originFrame, players: group.journalPlayers)
        let recovered = try SessionJournal.recover(SessionJournal.line(.header(header)) + rig.journal)
        #expect(recovered.warnings.isEmpty)
        let rebuilt = try #require(recovered.report.players?.first)
        #expect(rebuilt.layer == 2 && rebuilt.voices == ["snare"])
        #expect(rebuilt.hits == part.hits)
        #expect(recovered.report.hits == live.hits)
    }
}
