import Testing
@testable import TactusCore

@Suite struct WAVWriterTests {
    @Test func pcm16MonoHeaderAndSamples() throws {
        let file = WAVFile(sampleRate: 48_000, channelCount: 1, format: .pcm16, samples: [0, 0.5, -1, 1])
        let bytes = try file.bytes()
        #expect(bytes == [
            0x52, 0x49, 0x46, 0x46, 44, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, // RIFF, 36 + 8 data, WAVE
            0x66, 0x6D, 0x74, 0x20, 16, 0, 0, 0, // 'fmt ', 16
            1, 0, 1, 0, 0x80, 0xBB, 0, 0, // PCM, mono, 48000
            0x00, 0x77, 0x01, 0, 2, 0, 16, 0, // 96000 bytes/s, align 2, 16 bits
            0x64, 0x61, 0x74, 0x61, 8, 0, 0, 0, // 'data', 8
            0x00, 0x00, 0x00, 0x40, 0x00, 0x80, 0xFF, 0x7F, // 0, 16384, -32768, 32767
        ])
    }

    @Test func pcm24Stereo() throws {
        let file = WAVFile(sampleRate: 44_100, channelCount: 2, format: .pcm24, samples: [0.25, -0.25])
        let bytes = try file.bytes()
        #expect(bytes.count == 44 + 6)
        #expect(Array(bytes[4..<8]) == [42, 0, 0, 0])
        #expect(Array(bytes[22..<36]) == [2, 0, 0x44, 0xAC, 0, 0, 0x98, 0x09, 0x04, 0, 6, 0, 24, 0])
        #expect(Array(bytes[40..<44]) == [6, 0, 0, 0])
        #expect(Array(bytes[44...]) == [0x00, 0x00, 0x20, 0x00, 0x00, 0xE0])
    }

    @Test func oddDataIsPadded() throws {
        let bytes = try WAVFile(sampleRate: 44_100, channelCount: 1, format: .pcm24, samples: [-1]).bytes()
        #expect(bytes.count == 44 + 3 + 1)
        #expect(Array(bytes[4..<8]) == [40, 0, 0, 0]) // 36 + 3 + pad
        #expect(Array(bytes[40..<44]) == [3, 0, 0, 0]) // the pad is not data
        #expect(Array(bytes[44...]) == [0x00, 0x00, 0x80, 0])
        #expect(try WAVFile(bytes: bytes).samples == [-1])
    }

    @Test func float32HeaderHasFactChunk() throws {
        let file = WAVFile(sampleRate: 96_000, channelCount: 1, format: .float32, samples: [1, -0.5, 2])
        let bytes = try file.bytes()
        #expect(bytes.count == 58 + 12)
        #expect(Array(bytes[0..<58]) == [
            0x52, 0x49, 0x46, 0x46, 62, 0, 0, 0, 0x57, 0x41, 0x56, 0x45,
            0x66, 0x6D, 0x74, 0x20, 18, 0, 0, 0,
            3, 0, 1, 0, 0x00, 0x77, 0x01, 0, // IEEE float, mono, 96000
            0x00, 0xDC, 0x05, 0, 4, 0, 32, 0, 0, 0, // 384000 bytes/s, align 4, 32 bits, cbSize 0
            0x66, 0x61, 0x63, 0x74, 4, 0, 0, 0, 3, 0, 0, 0, // 'fact', 3 frames
            0x64, 0x61, 0x74, 0x61, 12, 0, 0, 0,
        ])
        #expect(Array(bytes[58...]) == [0, 0, 0x80, 0x3F, 0, 0, 0, 0xBF, 0, 0, 0x80, 0x3F]) // 2 clips to 1
    }

    @Test func integerFormatsRoundToNearestAndClip() throws {
        let samples: [Float] = [1.5, -1.5, .nan, 0.5 / 32768, 1.5 / 32768, -0.7 / 32768, 0.99999]
        let bytes = try WAVFile(sampleRate: 8000, format: .pcm16, samples: samples).bytes()
        let codes = stride(from: 44, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        #expect(codes == [32767, -32768, 0, 0, 2, -1, 32767])
    }

    @Test func pcm16CodesAreTheNearestIntegersOfTheScaledSamples() {
        // Every code's midpoint, the points a quarter either side, and the ends.
        var samples: [Float] = [.nan, .infinity, -.infinity, 1, -1, 0, -0.0, .leastNonzeroMagnitude]
        for code in -32769...32768 {
            for fraction in [0.25, 0.5, 0.75] {
                samples.append(Float((Double(code) + fraction) / 32768))
            }
        }
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        samples.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBytes { WAVWriter.encode(source, as: .pcm16, into: $0) }
        }
        let codes = stride(from: 0, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        let expected = samples.map { sample -> Int16 in
            guard !sample.isNaN else { return 0 }
            let scaled = (Double(min(1, max(-1, sample))) * 32768).rounded(.toNearestOrEven)
            return Int16(min(32767, scaled))
        }
        #expect(codes.count == 196_622)
        #expect(Array(codes.prefix(8)) == [0, 32767, -32768, 32767, -32768, 0, 0, 0])
        #expect(codes == expected)
        // Ties go to the even code: 0.5 → 0, 1.5 → 2, -2.5 → -2.
        #expect(codes[8 + 3 * 32769 + 1] == 0 && codes[8 + 3 * 32770 + 1] == 2 && codes[8 + 3 * 32766 + 1] == -2)
    }

    @Test func pcm8IsOffsetBinary() throws {
        let bytes = try WAVFile(sampleRate: 8000, format: .pcm8, samples: [0, -1, 1, 0.5]).bytes()
        #expect(Array(bytes[44...]) == [128, 0, 255, 192])
    }

    @Test func tooManyChannelsIsAnError() {
        #expect(throws: WAVError(offset: 22, message: "3 channels; only mono and stereo are written")) {
            try WAVFile(sampleRate: 48_000, channelCount: 3, samples: [0, 0, 0]).bytes()
        }
    }

    @Test func dataLargerThanRIFFAllowsIsAnError() {
        #expect(throws: WAVError(offset: 40, message: "1073741824 frames need 4294967296 bytes, more than a WAV file can hold (4 GiB); render less or use pcm16")) {
            try WAVWriter.header(format: .pcm32, channelCount: 1, sampleRate: 48_000, frameCount: 1 << 30)
        }
    }

    /// Someone already writing pcm16 is not told to use pcm16.
    @Test func pcm16DataLargerThanRIFFAllowsAdvisesLess() {
        #expect(throws: WAVError(offset: 40, message: "2147483648 frames need 4294967296 bytes, more than a WAV file can hold (4 GiB); render fewer bars or at a lower sample rate")) {
            try WAVWriter.header(format: .pcm16, channelCount: 1, sampleRate: 48_000, frameCount: 1 << 31)
        }
    }
}
