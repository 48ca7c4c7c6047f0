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

    /// Swung off-beats sit (62 − 50) % of a beat later than straight ones:
    /// at 120 BPM 60 ms, 2880 frames; the notes on the beat do not move.
    @Test func swingMovesTheOffBeatsOnly() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)))
        var player = SimulatedPlayer(seed: 5, missProbability: 0)
        let straight = player.perform(on: timeline, bars: 1...4)
        player.swing = Swing(long: 62, short: 38)
        let swung = player.perform(on: timeline, bars: 1...4)
        let key = { (note: SimulatedPlayer.Note) in "\(note.position) \(note.note)" }
        let before = Dictionary(uniqueKeysWithValues: straight.map { (key($0), $0.offsetFrames) })
        #expect(swung.count == straight.count)
        for note in swung {
            #expect(note.offsetFrames - (before[key(note)] ?? 0) == (note.position.subdivision == 2 ? 2880 : 0))
        }
    }

    @Test func habitsAreSaidAsFindingsSeeThem() {
        #expect(SimulatedPlayer(meanOffsetMs: 6, spreadMs: 9, driftMsPerMinute: -1.4, beatBiasMs: [0, 0, 0, -9]).habits(beatsPerBar: 4)
            == "overall +3.8 ms, beats 1, 2, 3 +2.3 ms, beat 4 -6.8 ms from the average, drift -1.4 ms/min, straight 8ths, spread ±9.0 ms")
        #expect(SimulatedPlayer(meanOffsetMs: 0, spreadMs: 7, driftMsPerMinute: 0, beatBiasMs: [], swing: Swing(long: 62, short: 38))
            .habits(beatsPerBar: 3) == "overall 0.0 ms, drift 0.0 ms/min, 8ths swung 62:38, spread ±7.0 ms")
    }
}
