import Testing
@testable import TactusCore

@Suite struct WAVReaderTests {
    static let samples: [Float] = [0, 0.5, -0.5, 1, -1, 0.25, -0.125, 0.0078125, 0.75, -0.875]

    @Test(arguments: [WAVSampleFormat.pcm8, .pcm16, .pcm24, .pcm32, .float32, .float64], [1, 2])
    func roundTripIsByteForByte(format: WAVSampleFormat, channels: Int) throws {
        let file = WAVFile(sampleRate: 44_100, channelCount: channels, format: format, samples: Self.samples)
        let bytes = try file.bytes()
        let read = try WAVFile(bytes: bytes)
        let fullScale: Float = switch format {
        case .pcm8: 127.0 / 128
        case .pcm16: 32767.0 / 32768
        case .pcm24: 8_388_607.0 / 8_388_608
        default: 1
        }
        var expected = Self.samples
        expected[3] = fullScale // +1 is the largest positive code
        #expect(read == WAVFile(sampleRate: 44_100, channelCount: channels, format: format, samples: expected))
        #expect(try read.bytes() == bytes)
    }

    @Test(arguments: [WAVSampleFormat.pcm16, .pcm24, .float32])
    func arbitrarySamplesRoundTrip(format: WAVSampleFormat) throws {
        var random = SplitMix64(seed: 42)
        let samples = (0..<1001).map { _ in Float(random.nextSignedUnit() * 1.2) }
        let bytes = try WAVFile(sampleRate: 48_000, channelCount: 1, format: format, samples: samples).bytes()
        #expect(try WAVFile(bytes: bytes).bytes() == bytes)
    }

    @Test func pcm24IsSignExtended() throws {
        var bytes = try WAVFile(sampleRate: 8000, format: .pcm24, samples: [0, 0]).bytes()
        bytes.replaceSubrange(44..<50, with: [0x01, 0x00, 0x80, 0xFF, 0xFF, 0x7F])
        #expect(try WAVFile(bytes: bytes).samples == [Float(-8_388_607) / 8_388_608, Float(8_388_607) / 8_388_608])
    }

    @Test func extensibleFloatIsRead() throws {
        var bytes = Self.riff([
            Self.chunk("fmt ", Self.le16(0xFFFE) + Self.le16(2) + Self.le32(48_000) + Self.le32(384_000) + Self.le16(8) + Self.le16(32)
                + Self.le16(22) + Self.le16(32) + Self.le32(3) + Self.le16(3) + [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]),
        ])
        bytes += Self.chunk("data", Self.le32(Float(0.5).bitPattern) + Self.le32(Float(-0.25).bitPattern))
        let file = try WAVFile(bytes: bytes)
        #expect(file.format == .float32)
        #expect(file.channelCount == 2)
        #expect(file.samples == [0.5, -0.25])
        #expect(file.monoSamples == [0.125])
    }

    @Test func unknownAndOddChunksAreSkipped() throws {
        let bytes = Self.riff([
            Self.chunk("LIST", [1, 2, 3]), // odd: one pad byte follows
            Self.pcm16Format(channels: 1),
            Self.chunk("junk", []),
            Self.chunk("data", Self.le16(0x4000) + Self.le16(0xC000)),
            Self.chunk("id3 ", [9]),
        ])
        #expect(try WAVFile(bytes: bytes).samples == [0.5, -0.5])
    }

    @Test func dataLongerThanFileIsCutToWholeFrames() throws {
        var bytes = Self.riff([Self.pcm16Format(channels: 2)])
        bytes += Array("data".utf8) + Self.le32(0xFFFF_FFFF) + Self.le16(0x4000) + Self.le16(0x2000) + [0x00]
        let file = try WAVFile(bytes: bytes)
        #expect(file.frameCount == 1)
        #expect(file.samples == [0.5, 0.25])
    }

    @Test func dataBeforeFormatIsAccepted() throws {
        let bytes = Self.riff([Self.chunk("data", Self.le16(0x4000)), Self.pcm16Format(channels: 1)])
        #expect(try WAVFile(bytes: bytes).samples == [0.5])
    }

    // MARK: - Errors at exact offsets

    @Test func emptyFile() {
        #expect(throws: WAVError(offset: 0, message: "file ends after 0 bytes, inside the 12-byte RIFF header")) {
            try WAVFile(bytes: [])
        }
    }

    @Test func headerCutShort() {
        #expect(throws: WAVError(offset: 9, message: "file ends after 9 bytes, inside the 12-byte RIFF header")) {
            try WAVFile(bytes: Array("RIFF\u{0}\u{0}\u{0}\u{0}W".utf8))
        }
    }

    @Test func notRIFF() {
        #expect(throws: WAVError(offset: 0, message: "expected 'RIFF', found 'OggS'; not a WAV file")) {
            try WAVFile(bytes: Array("OggS\u{0}\u{2}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}".utf8))
        }
        #expect(throws: WAVError(offset: 0, message: "expected 'RIFF', found FF FB 90 64; not a WAV file")) {
            try WAVFile(bytes: [0xFF, 0xFB, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0])
        }
    }

    @Test func notWAVE() {
        #expect(throws: WAVError(offset: 8, message: "expected 'WAVE', found 'AVI '; a RIFF file but not WAV")) {
            try WAVFile(bytes: Array("RIFF\u{4}\u{0}\u{0}\u{0}AVI ".utf8))
        }
    }

    @Test func noChunksAtAll() {
        #expect(throws: WAVError(offset: 12, message: "file ends before the 'fmt ' and 'data' chunks")) {
            try WAVFile(bytes: Self.riff([]))
        }
    }

    @Test func missingData() {
        #expect(throws: WAVError(offset: 36, message: "file ends before the 'data' chunk")) {
            try WAVFile(bytes: Self.riff([Self.pcm16Format(channels: 1)]))
        }
    }

    @Test func missingFormat() {
        #expect(throws: WAVError(offset: 22, message: "file ends before the 'fmt ' chunk")) {
            try WAVFile(bytes: Self.riff([Self.chunk("data", [1, 2])]))
        }
    }

    @Test func chunkHeaderCutShort() {
        #expect(throws: WAVError(offset: 36, message: "file ends 3 bytes into a chunk header, before the 'data' chunk")) {
            try WAVFile(bytes: Self.riff([Self.pcm16Format(channels: 1)]) + Array("dat".utf8))
        }
    }

    @Test func chunkLongerThanFile() {
        let bytes = Self.riff([Self.pcm16Format(channels: 1)]) + Array("LIST".utf8) + Self.le32(100) + [0, 0]
        #expect(throws: WAVError(offset: 40, message: "chunk 'LIST' claims 100 bytes but only 2 remain, before the 'data' chunk")) {
            try WAVFile(bytes: bytes)
        }
    }

    @Test func formatChunkTooSmall() {
        #expect(throws: WAVError(offset: 16, message: "'fmt ' chunk is 14 bytes; at least 16 are needed")) {
            try WAVFile(bytes: Self.riff([Self.chunk("fmt ", Array(repeating: 0, count: 14))]))
        }
    }

    @Test func formatChunkLongerThanFile() {
        let bytes = Self.riff([]) + Array("fmt ".utf8) + Self.le32(16) + [1, 0, 1, 0]
        #expect(throws: WAVError(offset: 16, message: "'fmt ' chunk claims 16 bytes but only 4 remain")) {
            try WAVFile(bytes: bytes)
        }
    }

    @Test func compressedFormat() {
        var format = Self.pcm16Format(channels: 1)
        format[8] = 2 // MS ADPCM
        #expect(throws: WAVError(offset: 20, message: "format tag 2 is neither PCM (1) nor IEEE float (3); convert the file to PCM")) {
            try WAVFile(bytes: Self.riff([format, Self.chunk("data", [])]))
        }
    }

    @Test func oddBitDepth() {
        var format = Self.pcm16Format(channels: 1)
        format[22] = 12
        #expect(throws: WAVError(offset: 34, message: "12 bits per sample; PCM must be 8, 16, 24 or 32")) {
            try WAVFile(bytes: Self.riff([format]))
        }
    }

    @Test func surroundIsRefused() {
        var format = Self.pcm16Format(channels: 1)
        format[10] = 6
        #expect(throws: WAVError(offset: 22, message: "6 channels; only mono and stereo are read")) {
            try WAVFile(bytes: Self.riff([format]))
        }
    }

    @Test func zeroSampleRate() {
        var format = Self.pcm16Format(channels: 1)
        format.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        #expect(throws: WAVError(offset: 24, message: "sample rate is 0")) {
            try WAVFile(bytes: Self.riff([format]))
        }
    }

    @Test func wrongBlockAlign() {
        var format = Self.pcm16Format(channels: 2)
        format[20] = 0
        #expect(throws: WAVError(offset: 32, message: "block align 0 does not match 2 × 16-bit samples (4)")) {
            try WAVFile(bytes: Self.riff([format]))
        }
    }

    @Test func secondFormatChunk() {
        #expect(throws: WAVError(offset: 36, message: "second 'fmt ' chunk")) {
            try WAVFile(bytes: Self.riff([Self.pcm16Format(channels: 1), Self.pcm16Format(channels: 1)]))
        }
    }

    @Test func shortExtensibleFormat() {
        var format = Self.pcm16Format(channels: 1)
        format.replaceSubrange(8..<10, with: [0xFE, 0xFF])
        #expect(throws: WAVError(offset: 16, message: "WAVE_FORMAT_EXTENSIBLE 'fmt ' chunk is 16 bytes; 40 are needed")) {
            try WAVFile(bytes: Self.riff([format]))
        }
    }

    // MARK: - Building test files

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = chunks.joined()
        return Array("RIFF".utf8) + le32(UInt32(4 + body.count)) + Array("WAVE".utf8) + body
    }

    static func pcm16Format(channels: UInt16) -> [UInt8] {
        chunk("fmt ", le16(1) + le16(channels) + le32(8000) + le32(16000 * UInt32(channels)) + le16(2 * channels) + le16(16))
    }
}
