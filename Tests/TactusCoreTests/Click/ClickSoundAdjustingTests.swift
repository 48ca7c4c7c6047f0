import Testing
import TactusCore

@Suite struct ClickSoundAdjustingTests {
    static let sound = ClickSound(name: "test", sampleRate: 48_000,
                                  accent: [0, 0.5, 1, -1, 0.25], beat: [0.2, 0.4], soft: [0.8], subdivision: [])

    @Test func volumeMultipliesEverySample() {
        let louder = Self.sound.adjusted(volume: 0.5, pitch: 1)
        #expect(louder[.accent] == [0, 0.25, 0.5, -0.5, 0.125])
        #expect(louder[.beat] == [0.1, 0.2])
        #expect(louder[.soft] == [0.4])
        #expect(louder[.subdivision] == [])
        #expect(louder.name == "test volume 0.5")
    }

    @Test func pitchReadsTheSamplesFasterOrSlower() {
        // Twice as fast: every other sample, 5 samples become 3.
        #expect(Self.sound.adjusted(volume: 1, pitch: 2)[.accent] == [0, 1, 0.25])
        // Half as fast: the samples between are interpolated, 5 become 9.
        let lower = Self.sound.adjusted(volume: 2, pitch: 0.5)
        #expect(lower[.accent] == [0, 0.5, 1, 1.5, 2, 0, -2, -0.75, 0.5])
        #expect(lower[.beat] == [0.4, 0.6, 0.8])
        #expect(lower[.soft] == [1.6])
        #expect(lower.name == "test volume 2 pitch 0.5")
    }

    @Test func oneAndOneChangeNothing() {
        #expect(Self.sound.adjusted(volume: 1, pitch: 1) == Self.sound)
    }
}
