import Testing
@testable import TactusCore

@Suite struct ScoringGridWalkingTests {
    /// 3/4, then 7/8 from bar 2: the beat after the last of a bar is the next downbeat.
    let timeline: Timeline

    init() throws {
        timeline = try Timeline(spec: TimelineSpec(
            tempo: Tempo(bpm: 120), meter: Meter(beats: 3, noteValue: 4),
            changes: [TempoChange(bar: 2, meter: Meter(beats: 7, noteValue: 8))]))
    }

    @Test func theBeatAfterCarriesOverTheBarLine() {
        #expect(timeline.beat(after: GridPosition(bar: 1, beat: 2, subdivision: 2)) == GridPosition(bar: 1, beat: 3))
        #expect(timeline.beat(after: GridPosition(bar: 1, beat: 3, subdivision: 2)) == GridPosition(bar: 2, beat: 1))
        #expect(timeline.beat(after: GridPosition(bar: 2, beat: 3)) == GridPosition(bar: 2, beat: 4))
        #expect(timeline.beat(after: GridPosition(bar: 2, beat: 7)) == GridPosition(bar: 3, beat: 1))
        #expect(timeline.beat(after: GridPosition(bar: 0, beat: 3)) == GridPosition(bar: 1, beat: 1))
    }

    @Test func thePositionAfterWalksThePartsThenTheBeats() {
        let walked = sequence(first: GridPosition(bar: 1, beat: 3, subdivision: 1)) {
            timeline.position(after: $0, subdivision: 2)
        }.prefix(5).map(\.description)
        #expect(walked == ["1.3.1", "1.3.2", "2.1.1", "2.1.2", "2.2.1"])
        #expect(timeline.position(after: GridPosition(bar: 2, beat: 7), subdivision: 1) == GridPosition(bar: 3, beat: 1))
    }
}
