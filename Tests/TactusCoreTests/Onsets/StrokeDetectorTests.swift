import Testing
@testable import TactusCore

@Suite struct StrokeDetectorTests {
    static let rate = 48_000
    /// Kick, snare, hat, tom, a plucked string and a ghost snare 23 dB down,
    /// 250 ms (and 37 frames more each) apart.
    static let strokes: [SynthesizedStroke] = [StrokeVoice.kick, .snare, .hat, .tom, .string, .snare].enumerated().map { index, voice in
        SynthesizedStroke(frame: Int64(12_000 + index * 12_037), voice: voice, gain: index == 5 ? 0.05 : 0.7, pitchHz: 146.8)
    }

    static func detect(_ samples: [Float], blocks: [Int] = [], sensitivity: Double = 5) throws -> [DetectedStroke] {
        var detector = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: rate, sensitivity: sensitivity))
        guard !blocks.isEmpty else { return detector.process(samples) + detector.finish() }
        var found: [DetectedStroke] = []
        var start = 0
        var block = 0
        while start < samples.count {
            let end = min(start + blocks[block % blocks.count], samples.count)
            found += detector.process(samples[start..<end])
            start = end
            block += 1
        }
        return found + detector.finish()
    }

    @Test func findsEachVoiceOnItsSampleWithoutARoom() throws {
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0, noiseDb: nil, seed: 3).render(Self.strokes, frameCount: 96_000)
        let found = try Self.detect(samples)
        #expect(found.map(\.frame) == [12_000, 24_037, 36_074, 48_111, 60_148, 72_185])
        #expect(found.map(\.levelDb) == [-2.1, -1.3, -5.0, -2.5, -3.9, -12.4])
    }

    @Test func findsEachVoiceInARoomOverNoise() throws {
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 3).render(Self.strokes, frameCount: 96_000)
        let found = try Self.detect(samples)
        #expect(found.map(\.frame) == [12_000, 24_037, 36_074, 48_111, 60_148, 72_185])
    }

    @Test func blocksOfAnySizeFindTheSameStrokes() throws {
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 3).render(Self.strokes, frameCount: 96_000)
        let whole = try Self.detect(samples)
        #expect(whole.count == 6)
        for blocks in [[1], [7, 64, 1000, 333], [128], [48_000]] {
            #expect(try Self.detect(samples, blocks: blocks) == whole)
        }
    }

    @Test func aFlamIsOneStrokeAtItsGraceNote() throws {
        let strokes = [SynthesizedStroke(frame: 4_800, voice: .snare, gain: 0.15), SynthesizedStroke(frame: 5_280, voice: .snare, gain: 0.8)]
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 3).render(strokes, frameCount: Self.rate)
        #expect(try Self.detect(samples).map(\.frame) == [4_800])
    }

    @Test func aRollOfEvenStrokesIsEveryStroke() throws {
        // Sixteenths at 200 BPM on the snare, every fourth on the next tom
        // down: each tom comes in under the snare's bright tail before it.
        let strokes = (0..<16).map { (index: Int) -> SynthesizedStroke in
            let voice: StrokeVoice = index % 4 == 3 ? .tom : .snare
            return SynthesizedStroke(frame: Int64(4_800 + index * 3_600), voice: voice, gain: 0.7, pitchHz: [190, 150, 120, 95][index / 4])
        }
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 3).render(strokes, frameCount: 72_000)
        let found = try Self.detect(samples)
        // Each within 3 frames (0.06 ms) of its stroke.
        #expect(found.count == 16)
        #expect(zip(found, strokes).map { $0.frame - $1.frame } == [0, -2, -1, 1, 0, -2, 3, 1, 2, 2, -2, -2, 0, -3, 2, -1])
    }

    @Test func aSoftPluckUnderARingingStringIsFound() throws {
        // A pluck 20 dB down a third of a second after a loud one, still ringing.
        let strokes = [
            SynthesizedStroke(frame: 4_800, voice: .string, gain: 0.6, pitchHz: 110),
            SynthesizedStroke(frame: 20_800, voice: .string, gain: 0.06, pitchHz: 164.8),
        ]
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.25, noiseDb: -66, seed: 5).render(strokes, frameCount: Self.rate)
        let found = try Self.detect(samples)
        #expect(found.map(\.frame) == [4_800, 20_800])
    }

    @Test func aCymbalsWashIsOneStroke() throws {
        let strokes = [SynthesizedStroke(frame: 4_800, voice: .cymbal, gain: 0.8)]
        let samples = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 3).render(strokes, frameCount: 4 * Self.rate)
        #expect(try Self.detect(samples).map(\.frame) == [4_800])
    }

    @Test func silenceAndSteadyNoiseHaveNoStrokes() throws {
        #expect(try Self.detect([Float](repeating: 0, count: Self.rate)).isEmpty)
        let noise = StrokeSynthesizer(sampleRate: Self.rate, room: 0, noiseDb: -40, seed: 9).render([], frameCount: 2 * Self.rate)
        #expect(try Self.detect(noise, sensitivity: 10).isEmpty)
        // No quiet stroke before a loud one, nor one in the noise long after it.
        #expect(try Self.detect(noise).isEmpty)
        let snare = [SynthesizedStroke(frame: 4_800, voice: .snare, gain: 0.7)]
        let tail = StrokeSynthesizer(sampleRate: Self.rate, room: 0.5, noiseDb: -54, seed: 1).render(snare, frameCount: 10 * Self.rate)
        #expect(try Self.detect(tail).map(\.frame) == [4_800])
    }

    @Test func aKitTakeInARoomMeetsItsBounds() throws {
        let synthesizer = StrokeSynthesizer(sampleRate: Self.rate, room: 0.3, noiseDb: -60, seed: 7)
        let strokes = synthesizer.kitTake(bars: 8)
        let truth = StrokeSynthesizer.truth(strokes, mergeFrames: 720)
        let found = try Self.detect(synthesizer.render(strokes, frameCount: 23 * Self.rate))
        let accuracy = OnsetAccuracy(truth: truth, detected: found.map(\.frame), tolerance: 1_200)
        #expect(truth.count == 84)
        #expect(accuracy.errors.count == 84)
        #expect(found.count == 86)
        #expect(accuracy.absoluteError(atFraction: 0.5) == 0)
        #expect(accuracy.absoluteError(atFraction: 0.95) == 11)
    }

    @Test func ghostNotesUnderABigRoomsTailAreFound() throws {
        // Ghost snares 20–26 dB down in a big room over noise at -54 dBFS:
        // their flux stands less than the rise above the room's tail, and
        // the quiet strokes' rules (see StrokeDetector) let 9 of the 12 in
        // where the rise alone found 3.
        let synthesizer = StrokeSynthesizer(sampleRate: Self.rate, room: 0.5, noiseDb: -54, seed: 11)
        let strokes = synthesizer.kitTake(bars: 8, bpm: 120)
        let truth = StrokeSynthesizer.truth(strokes, mergeFrames: 720)
        let ghosts = strokes.filter { $0.voice == .snare && $0.gain < 0.1 && truth.contains($0.frame) }.map(\.frame)
        let found = try Self.detect(synthesizer.render(strokes, frameCount: 19 * Self.rate)).map(\.frame)
        #expect(ghosts.count == 12)
        #expect(OnsetAccuracy(truth: ghosts, detected: found, tolerance: 1_200).errors == [78, -8, 2, 1, -7, 3, 1, 2, -4])
        let accuracy = OnsetAccuracy(truth: truth, detected: found, tolerance: 1_200)
        #expect((truth.count, accuracy.errors.count, found.count) == (84, 81, 82))
    }

    @Test func settingsOutOfRangeAreRefused() {
        #expect(throws: SettingError(field: "sensitivity", message: "must be a number from 1 to 10, got 11.0")) {
            try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 48_000, sensitivity: 11))
        }
        #expect(throws: SettingError(field: "sampleRate", message: "must be from 8000 to 384000 Hz, got 100")) {
            try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 100))
        }
    }

    @Test func theHopAndDelayFollowTheRate() throws {
        let at48 = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 48_000))
        let at96 = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 96_000))
        #expect([at48.hop, at48.windowSize, at48.maximumDelay] == [128, 512, 2_048])
        #expect([at96.hop, at96.windowSize, at96.maximumDelay] == [256, 1_024, 4_096])
    }
}
