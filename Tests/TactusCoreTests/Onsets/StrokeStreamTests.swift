import Testing
@testable import TactusCore

@Suite struct StrokeStreamTests {
    static let rate = 48_000
    /// Where the stream starts on the server's frame counter.
    static let base: Int64 = 5_000_000_000
    static let samples = StrokeSynthesizer(sampleRate: rate, room: 0.3, noiseDb: -60, seed: 3)
        .render(StrokeDetectorTests.strokes, frameCount: 96_000)

    static func stream() throws -> StrokeStream {
        StrokeStream(detector: try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: rate)))
    }

    /// Feeds `samples` from `base` on in blocks of the sizes given in turn.
    static func feed(_ samples: [Float], blocks: [Int], into stream: inout StrokeStream) -> [DetectedStroke] {
        var found: [DetectedStroke] = []
        var start = 0
        var block = 0
        while start < samples.count {
            let end = min(start + blocks[block % blocks.count], samples.count)
            found += stream.process(samples[start..<end], at: base + Int64(start))
            start = end
            block += 1
        }
        return found
    }

    @Test func blocksOfAnySizeFindTheStrokesOnTheServersFrames() throws {
        for blocks in [[64], [1], [7, 64, 1000, 333], [256, 64, 32], [96_000]] {
            var stream = try Self.stream()
            let found = Self.feed(Self.samples, blocks: blocks, into: &stream)
            #expect(found.map(\.frame) == [12_000, 24_037, 36_074, 48_111, 60_148, 72_185].map { Self.base + $0 }, "blocks \(blocks)")
            #expect(found.map(\.levelDb) == [-2.2, -2.2, -4.8, -2.5, -6.1, -11.1], "blocks \(blocks)")
            // The detector's own strokes of the whole stream, on the server's frames.
            let whole = try StrokeDetectorTests.detect(Self.samples).map { DetectedStroke(frame: Self.base + $0.frame, levelDb: $0.levelDb) }
            #expect(found == whole, "blocks \(blocks)")
            #expect(stream.nextFrame == Self.base + 96_000)
            #expect(stream.completeBefore == Self.base + 96_000 - Int64(stream.detector.maximumDelay))
        }
    }

    @Test func theHopsFallOnTheFrameCounter() throws {
        // A stream that starts 64 frames after a multiple of the hop (128)
        // is heard as one that started on it with 64 frames of silence.
        var stream = try Self.stream()
        let found = stream.process(Self.samples, at: Self.base + 64)
        let padded = [Float](repeating: 0, count: 64) + Self.samples
        let whole = try StrokeDetectorTests.detect(padded).map { DetectedStroke(frame: Self.base + $0.frame, levelDb: $0.levelDb) }
        #expect(found.map(\.frame) == [12_064, 24_101, 36_138, 48_175, 60_212, 72_249].map { Self.base + $0 })
        #expect(found == whole)
    }

    @Test func nothingIsCompleteBeforeTheFirstBlock() throws {
        let stream = try Self.stream()
        #expect(stream.nextFrame == nil)
        #expect(stream.completeBefore == nil)
    }

    @Test func aGapIsHeardAsSilence() throws {
        // Samples 30 000 to 30 512 never arrive (an xrun): the same strokes
        // as in the stream with those samples silent.
        var silenced = Self.samples
        for index in 30_000..<30_512 { silenced[index] = 0 }
        var whole = try Self.stream()
        let expected = Self.feed(silenced, blocks: [128], into: &whole)
        var stream = try Self.stream()
        var found = stream.process(Self.samples[0..<30_000], at: Self.base)
        found += stream.process(Self.samples[30_512...], at: Self.base + 30_512)
        // The room's tail cut off and coming back is heard as a stroke too.
        #expect(expected.map(\.frame) == [12_000, 24_037, 30_512, 36_074, 48_111, 60_148, 72_185].map { Self.base + $0 })
        #expect(found == expected)
        // The gap is counted, with its frames, for the report.
        #expect(stream.gapCount == 1)
        #expect(stream.lastGap.map { [$0.frame, $0.frames] } == [Self.base + 30_000, 512])
        #expect(stream.gapFrames == 512)
    }

    @Test func samplesHeardTwiceAreTakenOnce() throws {
        var stream = try Self.stream()
        var found = stream.process(Self.samples[0..<40_000], at: Self.base)
        found += stream.process(Self.samples[39_000...], at: Self.base + 39_000)
        #expect(found.map(\.frame) == [12_000, 24_037, 36_074, 48_111, 60_148, 72_185].map { Self.base + $0 })
        #expect(stream.nextFrame == Self.base + 96_000)
        #expect(stream.gapCount == 0)
    }

    @Test func aGapOfMoreThanASecondStartsAfresh() throws {
        var stream = try Self.stream()
        var found = stream.process(Self.samples[0..<30_000], at: Self.base)
        // The stream's second half arrives ten seconds on: its strokes are
        // found on their new frames, the first half's finished before.
        let later = Self.base + 480_000
        found += stream.process(Self.samples, at: later)
        let first = [12_000, 24_037].map { Self.base + $0 }
        let second = [12_000, 24_037, 36_074, 48_111, 60_148, 72_185].map { later + $0 }
        #expect(found.map(\.frame) == first + second)
        #expect(stream.nextFrame == later + 96_000)
    }

    @Test func finishReportsTheStrokesOfTheLastSamples() throws {
        // The input ends 1000 samples after the last stroke's onset, within
        // the detector's delay (1536): that stroke comes only with finish,
        // as analysing the same samples as a file finds it.
        let cut = Array(Self.samples[0..<73_186])
        var stream = try Self.stream()
        let found = stream.process(cut, at: Self.base)
        #expect(found.map(\.frame) == [12_000, 24_037, 36_074, 48_111, 60_148].map { Self.base + $0 })
        let last = stream.finish()
        let whole = try StrokeDetectorTests.detect(cut).map { DetectedStroke(frame: Self.base + $0.frame, levelDb: $0.levelDb) }
        #expect(last.map(\.frame) == [Self.base + 72_185])
        #expect(found + last == whole)
        // Every stroke before the last sample is reported; nothing more comes.
        #expect(try #require(stream.completeBefore) >= Self.base + 73_186)
        #expect(stream.finish() == [])
    }

    @Test func finishBeforeAnyBlockFindsNothing() throws {
        var stream = try Self.stream()
        #expect(stream.finish() == [])
        #expect(stream.nextFrame == nil)
    }
}
