import Testing
@testable import TactusCore

@Suite struct SimulatedPlayerTests {
    @Test func notesSitAtTheirGridFramePlusTheirOffset() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 97)), startFrame: 1_000)
        let notes = SimulatedPlayer(seed: 42, missProbability: 0).perform(on: timeline, bars: 1...8)
        // 8 bars × 4 beats × (2 hi-hats + 1 kick or snare).
        #expect(notes.count == 96)
        for note in notes {
            #expect(note.frame == timeline.frame(of: note.position, subdivision: 2, swing: nil) + note.offsetFrames)
        }
        #expect(notes.filter { $0.note == SimulatedPlayer.snare }.map(\.position.beat).allSatisfy { $0 % 2 == 0 })
    }

    @Test func theSameSeedPlaysTheSameWay() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        let a = SimulatedPlayer(seed: 7).perform(on: timeline, bars: 1...4)
        let b = SimulatedPlayer(seed: 7).perform(on: timeline, bars: 1...4)
        let c = SimulatedPlayer(seed: 8).perform(on: timeline, bars: 1...4)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func theTendencyShowsInTheMeanOffset() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        let player = SimulatedPlayer(seed: 3, meanOffsetMs: 10, spreadMs: 2, driftMsPerMinute: 0, beatBiasMs: [], missProbability: 0)
        let notes = player.perform(on: timeline, bars: 1...50)
        let mean = Double(notes.map(\.offsetFrames).reduce(0, +)) / Double(notes.count) / 48
        #expect(abs(mean - 10) < 0.5)
    }
}
