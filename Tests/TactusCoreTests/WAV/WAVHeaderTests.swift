import Testing
@testable import TactusCore

@Suite struct WAVHeaderTests {
    /// A 16-bit stereo file at 48 kHz with a LIST chunk before its data.
    static func bytes(dataBytes: UInt32) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let format = Array("fmt ".utf8) + le32(16) + le16(1) + le16(2) + le32(48_000) + le32(192_000) + le16(4) + le16(16)
        let list = Array("LIST".utf8) + le32(3) + [1, 2, 3, 0]
        return Array("RIFF".utf8) + le32(0xFFFF_FFFF) + Array("WAVE".utf8) + format + list + Array("data".utf8) + le32(dataBytes)
    }

    @Test func readsTheLayoutAndTheClaimedDataSizeFromThePrefixAlone() throws {
        let header = try WAVHeader(prefix: Self.bytes(dataBytes: 3_840_000_000))
        #expect(header.sampleRate == 48_000)
        #expect(header.channelCount == 2)
        #expect(header.format == .pcm16)
        #expect(header.dataOffset == 56)
        #expect(header.dataByteCount == 3_840_000_000)
        #expect(header.frameCount == 960_000_000)
        #expect(header.seconds == 20_000)
    }

    @Test func zerosAreNotAWAVFile() {
        #expect(throws: WAVError(offset: 0, message: "expected 'RIFF', found 00 00 00 00; not a WAV file")) {
            try WAVHeader(prefix: [UInt8](repeating: 0, count: 65_536))
        }
    }

    @Test func aPrefixEndingBeforeTheDataChunkSaysSo() {
        let bytes = Self.bytes(dataBytes: 8)
        #expect(throws: WAVError(offset: 48, message: "no 'fmt ' and 'data' chunk headers in the first 50 bytes")) {
            try WAVHeader(prefix: Array(bytes[0..<50]))
        }
        #expect(throws: WAVError(offset: 3, message: "file ends after 3 bytes, inside the 12-byte RIFF header")) {
            try WAVHeader(prefix: [0x52, 0x49, 0x46])
        }
        #expect(throws: WAVError(offset: 8, message: "file ends after 8 bytes, inside the 12-byte RIFF header")) {
            try WAVHeader(prefix: Array("RIFF\0\0\0\0".utf8))
        }
        #expect(throws: WAVError(offset: 8, message: "file ends after 8 bytes, inside the 12-byte RIFF header")) {
            try WAVFile(bytes: Array("RIFF\0\0\0\0".utf8))
        }
    }
}
