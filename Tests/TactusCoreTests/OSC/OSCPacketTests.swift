import Testing
import TactusCore

@Suite struct OSCPacketTests {
    @Test func messageWithoutArgumentsIsAddressAndEmptyTypeTags() {
        // "/tactus/tap" is 11 bytes, padded with zeros to 12; "," to 4.
        #expect(OSCMessage("/tactus/tap").bytes == Array("/tactus/tap".utf8) + [0] + [0x2C, 0, 0, 0])
    }

    @Test func addressOfAMultipleOfFourGetsFourZeros() {
        #expect(OSCMessage("/abc").bytes == [0x2F, 0x61, 0x62, 0x63, 0, 0, 0, 0, 0x2C, 0, 0, 0])
    }

    @Test func everyTypeTagEncodesBigEndianAndAligned() throws {
        let message = OSCMessage("/a", [.int(-2), .float(120.5), .string("7/8"), .bool(true), .bool(false), .int(0x0102_0304)])
        let expected: [UInt8] = [
            0x2F, 0x61, 0, 0,
            0x2C, 0x69, 0x66, 0x73, 0x54, 0x46, 0x69, 0, // ",ifsTFi" + 0
            0xFF, 0xFF, 0xFF, 0xFE, // -2
            0x42, 0xF1, 0x00, 0x00, // 120.5
            0x37, 0x2F, 0x38, 0, // "7/8"
            0x01, 0x02, 0x03, 0x04,
        ]
        #expect(message.bytes == expected)
        #expect(try OSCPacket(decoding: expected) == .message(message))
    }

    @Test func theBytesOscsendSendsForATempo() throws {
        // `oscsend localhost 7770 /tactus/tempo f 97` puts these bytes on the wire.
        let bytes: [UInt8] = Array("/tactus/tempo".utf8) + [0, 0, 0] + [0x2C, 0x66, 0, 0] + [0x42, 0xC2, 0, 0]
        #expect(try OSCPacket(decoding: bytes) == .message(OSCMessage("/tactus/tempo", [.float(97)])))
    }

    @Test func bundlesNestAndOpenInOrder() throws {
        let inner = OSCBundle(timeTag: 0x0000_0001_8000_0000, [.message(OSCMessage("/b", [.int(2)]))])
        let bundle = OSCPacket.bundle(OSCBundle([.message(OSCMessage("/a")), .bundle(inner), .message(OSCMessage("/c"))]))
        let bytes = bundle.bytes
        #expect(Array(bytes[0..<16]) == Array("#bundle".utf8) + [0] + [0, 0, 0, 0, 0, 0, 0, 1])
        // First element: size 8, then "/a\0\0,\0\0\0".
        #expect(Array(bytes[16..<28]) == [0, 0, 0, 8, 0x2F, 0x61, 0, 0, 0x2C, 0, 0, 0])
        #expect(bytes.count == 16 + 12 + (4 + 16 + 4 + 12) + 12)
        let decoded = try OSCPacket(decoding: bytes)
        #expect(decoded == bundle)
        #expect(decoded.messages.map(\.address) == ["/a", "/b", "/c"])
    }

    @Test func emptyBundleHasNoMessages() throws {
        let bytes = Array("#bundle".utf8) + [0] + [0, 0, 0, 0, 0, 0, 0, 1]
        #expect(try OSCPacket(decoding: bytes) == .bundle(OSCBundle([])))
    }

    @Test func malformedPacketsNameTheFaultAndItsByte() {
        let cases: [([UInt8], OSCDecodingError)] = [
            ([], OSCDecodingError(.misaligned, at: 0)),
            ([0x2F, 0x61, 0], OSCDecodingError(.misaligned, at: 3)),
            (Array("abc".utf8) + [0], OSCDecodingError(.notAPacket, at: 0)),
            ([0x2F, 0x61, 0x62, 0x63], OSCDecodingError(.unterminatedString, at: 0)),
            ([0x2F, 0x61, 0, 0], OSCDecodingError(.missingTypeTags, at: 4)),
            ([0x2F, 0x61, 0, 0, 0x69, 0, 0, 0], OSCDecodingError(.missingTypeTags, at: 4)),
            ([0x2F, 0x61, 0, 0, 0x2C, 0x69, 0, 0], OSCDecodingError(.truncated, at: 8)),
            ([0x2F, 0x61, 0, 0, 0x2C, 0x62, 0, 0, 0, 0, 0, 0], OSCDecodingError(.unsupportedTypeTag(0x62), at: 5)),
            ([0x2F, 0x61, 0, 0, 0x2C, 0x73, 0, 0, 0x61, 0x62, 0x63, 0x64], OSCDecodingError(.unterminatedString, at: 8)),
            ([0x2F, 0xFF, 0, 0, 0x2C, 0, 0, 0], OSCDecodingError(.invalidText, at: 0)),
            (Array("#bundle".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5], OSCDecodingError(.badElementSize(5), at: 16)),
            (Array("#bundle".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 8], OSCDecodingError(.badElementSize(8), at: 16)),
            (Array("#bundle".utf8) + [0, 0, 0, 0, 0], OSCDecodingError(.notAPacket, at: 0)),
            ([0x2F, 0x61, 0, 0, 0x2C, 0, 0, 0, 0, 0, 0, 0], OSCDecodingError(.trailingBytes, at: 8)),
        ]
        for (bytes, error) in cases {
            #expect(throws: error, "\(bytes)") { try OSCPacket(decoding: bytes) }
        }
    }

    @Test func bundlesNestedTooDeepAreRefused() {
        var packet = OSCPacket.message(OSCMessage("/x"))
        for _ in 0...OSCPacket.maximumDepth { packet = .bundle(OSCBundle([packet])) }
        let offset = (OSCPacket.maximumDepth) * 20
        #expect(throws: OSCDecodingError(.nestedTooDeep, at: offset)) { try OSCPacket(decoding: packet.bytes) }
    }

    @Test func errorsReadAsOneLine() {
        #expect(OSCDecodingError(.unsupportedTypeTag(0x64), at: 9).description == "type tag 'd' is not one of i, f, s, T, F (byte 9)")
        #expect(OSCMessage("/tactus/state", [.bool(true), .float(97), .string("7/8")]).description == "/tactus/state T f 97.0 s \"7/8\"")
    }
}
