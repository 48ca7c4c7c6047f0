import Foundation
import Testing
@testable import TactusCore

@Suite struct ClickVoiceTests {
    static let rates = [44_100, 48_000, 96_000]

    @Test(arguments: ClickVoice.builtIn, rates)
    func everyLevelStartsAudiblyAndEndsAtZero(voice: ClickVoice, sampleRate: Int) throws {
        for level in ClickLevel.allCases {
            let click = voice.render(level, sampleRate: sampleRate)
            // Audible even as 16-bit PCM, so the first non-zero sample is the onset.
            #expect(abs(click[0]) >= 1.0 / 32768, "\(voice.name) \(level)")
            #expect(abs(click[0]) < 0.1, "\(voice.name) \(level): the attack is not gradual")
            #expect(click.last == 0, "\(voice.name) \(level)")
            #expect(click.allSatisfy { abs($0) <= 1 })
            let milliseconds = click.count * 1000 / sampleRate
            #expect((10...60).contains(milliseconds), "\(voice.name) \(level): \(milliseconds) ms")
        }
    }

    @Test(arguments: ClickVoice.builtIn)
    func accentsAreLouderAndSubdivisionsSofterAndShorter(voice: ClickVoice) {
        let peaks = ClickLevel.allCases.map { level in voice.render(level, sampleRate: 48_000).map(abs).max() ?? 0 }
        #expect(peaks[0] > peaks[1])
        #expect(peaks[1] > peaks[2])
        #expect(peaks[2] > peaks[3])
        let lengths = ClickLevel.allCases.map { voice.render($0, sampleRate: 48_000).count }
        #expect(lengths[3] < lengths[1])
        #expect(lengths[0] >= lengths[1])
    }

    @Test(arguments: ClickVoice.builtIn)
    func levelsHaveDistinctPitches(voice: ClickVoice) {
        let tones = ClickLevel.allCases.map { voice.tone($0) }
        #expect(Set(tones.map(\.frequency)).count == 4)
        #expect(Set(tones.map(\.gain)).count == 4)
        #expect(tones[0].frequency > tones[1].frequency)
        #expect(tones[1].frequency > tones[3].frequency)
    }

    @Test func tonalVoicesSoundAtTheirPitch() {
        // 50 ms of the beep's 880 Hz beat square: 44 periods, two sign changes each.
        let click = ClickVoice.beep.render(.beat, sampleRate: 48_000)
        let changes = zip(click, click.dropFirst()).filter { $0 > 0 && $1 < 0 || $0 < 0 && $1 > 0 }.count
        #expect(click.count == 2160)
        #expect(changes == 79)
    }

    @Test func woodblockBeatSamples() {
        let click = ClickVoice.woodblock.render(.beat, sampleRate: 48_000)
        #expect(click.count == 1440)
        // Attack: 12 samples of raised cosine; the first is 0.7 × (0.5 − 0.5·cos(π/13)).
        #expect(click[0] == Float(0.7 * (0.5 - 0.5 * cos(Double.pi / 13))))
        #expect(click[1] > click[0])
    }

    @Test func hatIsReproducible() {
        let first = ClickSound(voice: .hat, sampleRate: 48_000)
        let second = ClickSound(voice: .hat, sampleRate: 48_000)
        #expect(first == second)
        #expect(first[.accent] != first[.beat])
    }

    @Test func lookupByName() throws {
        #expect(ClickVoice.builtIn.map(\.name) == ["woodblock", "beep", "bell", "hat"])
        let sound = try ClickSound(named: "bell", sampleRate: 44_100)
        #expect(sound.name == "bell")
        #expect(sound.sampleRate == 44_100)
        #expect(sound[.accent] == ClickVoice.bell.render(.accent, sampleRate: 44_100))
        #expect(sound[.accent].count == 2646)
        #expect(throws: ClickSoundError(name: "cowbell")) { try ClickSound(named: "cowbell", sampleRate: 48_000) }
        #expect(ClickSoundError(name: "cowbell").description == "unknown sound 'cowbell'; expected woodblock, beep, bell, hat or a .wav file")
    }

    // MARK: - Samples

    @Test func sampleIsMixedToMonoTrimmedAndScaled() {
        let wav = WAVFile(sampleRate: 48_000, channelCount: 2, samples: [0, 0, 0.5, 0.3, 0.2, 0.2, -0.4, -0.2, 0, 0])
        let sample = ClickSample(name: "tick.wav", wav: wav, gain: 0.5)
        #expect(sample.samples == [0.4, 0.2, -0.3, 0])
        let sound = ClickSound(voice: .sample(sample), sampleRate: 48_000)
        #expect(sound.name == "tick.wav")
        // Accent at gain 0.5; the last few samples fade to an exact 0.
        let accent = sound[.accent]
        #expect(accent.count == 5)
        #expect(accent.last == 0)
        // So short that the whole sample lies in the 2 ms fade: 4 of 5 steps at the start.
        #expect(accent[0] == Float(0.4) * (Float(4) / Float(5)) * 0.5)
    }

    @Test func sampleIsResampledLinearly() {
        let long = (0..<2000).map { Float($0 % 100) / 100 + 0.01 }
        let sample = ClickSample(name: "ramp", wav: WAVFile(sampleRate: 24_000, samples: long))
        let beat = sample.render(.beat, sampleRate: 48_000)
        // Twice as many samples, the odd ones half way between neighbours.
        #expect(beat.count == 3999 + 1)
        #expect(beat[0] == long[0] * 0.75)
        #expect(beat[1] == (long[0] + (long[1] - long[0]) * 0.5) * 0.75)
        #expect(beat[2] == long[1] * 0.75)
        #expect(beat.last == 0)
        #expect(sample.render(.subdivision, sampleRate: 48_000).count == 1999 + 1)
    }

    @Test func accentPitchPlaysFaster() {
        let tone = (0..<4800).map { _ in Float(0.5) }
        let sample = ClickSample(name: "t", wav: WAVFile(sampleRate: 48_000, samples: tone), accentPitch: 2)
        #expect(sample.render(.accent, sampleRate: 48_000).count == 2400 + 1)
        #expect(sample.render(.beat, sampleRate: 48_000).count == 4800 + 1)
    }

    @Test func silentOrGarbageSampleIsHarmless() {
        let silent = ClickSample(name: "s", wav: WAVFile(sampleRate: 48_000, samples: [0, 0]))
        #expect(silent.render(.accent, sampleRate: 48_000) == [0])
        let wild = ClickSample(name: "w", wav: WAVFile(sampleRate: 1, samples: [.nan, 3, -.infinity]), gain: .nan)
        let click = wild.render(.accent, sampleRate: 48_000)
        #expect(click.count == 48_001) // capped at one second
        #expect(click.allSatisfy { $0.isFinite && abs($0) <= 1 })
    }
}
