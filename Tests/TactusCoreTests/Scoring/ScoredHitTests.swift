import Foundation
import Testing
@testable import TactusCore

@Suite struct ScoredHitTests {
    static func hit(position: GridPosition, note: Int = 38, velocity: Int = 100, channel: Int = 10) -> ScoredHit {
        ScoredHit(
            frame: -7, gridFrame: 96_000, timeS: 2.5, position: position, offsetMs: -1.25,
            note: note, velocity: velocity, channel: channel, grade: .good, countIn: true, muted: true, preset: "Song A")
    }

    @Test func aHitIsStoredInSixtyFourBytes() {
        #expect(MemoryLayout<ScoredHit>.stride == 64)
    }

    @Test func fieldsReadBackAsGiven() {
        let hit = Self.hit(position: GridPosition(bar: -3, beat: 32, subdivision: 8), note: 127, velocity: 1, channel: 16)
        #expect(hit.position == GridPosition(bar: -3, beat: 32, subdivision: 8))
        #expect((hit.note, hit.velocity, hit.channel) == (127, 1, 16))
        #expect((hit.frame, hit.gridFrame, hit.timeS, hit.offsetMs) == (-7, 96_000, 2.5, -1.25))
        #expect((hit.grade, hit.countIn, hit.muted, hit.preset) == (.good, true, true, "Song A"))
        let far = Self.hit(position: GridPosition(bar: 2_147_483_647, beat: 1, subdivision: 1), note: 0, velocity: 0, channel: 1)
        #expect(far.position.bar == 2_147_483_647)
        #expect((far.note, far.velocity, far.channel) == (0, 0, 1))
    }

    @Test func settersChangeOneField() {
        var hit = Self.hit(position: GridPosition(bar: 5, beat: 2, subdivision: 1))
        hit.position.subdivision = 2
        hit.note = 36
        hit.velocity = 64
        hit.channel = 1
        #expect(hit.position == GridPosition(bar: 5, beat: 2, subdivision: 2))
        #expect((hit.note, hit.velocity, hit.channel) == (36, 64, 1))
        #expect(hit == Self.hit(position: GridPosition(bar: 5, beat: 2, subdivision: 2), note: 36, velocity: 64, channel: 1))
    }

    @Test func valuesBeyondTheStoredRangesAreClamped() {
        let hit = Self.hit(position: GridPosition(bar: 3_000_000_000, beat: 40_000, subdivision: -40_000), note: 300, velocity: -1, channel: 256)
        #expect(hit.position == GridPosition(bar: 2_147_483_647, beat: 32_767, subdivision: -32_768))
        #expect((hit.note, hit.velocity, hit.channel) == (255, 0, 255))
    }

    @Test func aReportWithValuesBeyondTheStoredRangesIsRefused() throws {
        var text = try SampleSession.run().report.jsonText()
        text = text.replacingOccurrences(of: "\"velocity\" : 100", with: "\"velocity\" : 300")
        #expect(throws: ReportError(file: "a.json", message: "hits[0].velocity: expected a whole number from 0 to 255, found 300")) {
            try PracticeReport.decode(Data(text.utf8), file: "a.json")
        }
    }
}
