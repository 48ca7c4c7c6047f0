import Testing
@testable import TactusCore

@Suite struct MIDIEncodingTests {
    @Test func channelVoiceMessages() {
        let cases: [(MIDIChannelVoiceMessage, [UInt8])] = [
            (.noteOn(channel: 0, note: 60, velocity: 100), [0x90, 0x3C, 0x64]),
            (.noteOff(channel: 9, note: 38, velocity: 0), [0x89, 0x26, 0x00]),
            (.polyAftertouch(channel: 2, note: 64, pressure: 17), [0xA2, 0x40, 0x11]),
            (.controlChange(channel: 15, controller: 64, value: 127), [0xBF, 0x40, 0x7F]),
            (.programChange(channel: 3, program: 5), [0xC3, 0x05]),
            (.channelAftertouch(channel: 1, pressure: 90), [0xD1, 0x5A]),
            (.pitchBend(channel: 0, value: 8192), [0xE0, 0x00, 0x40]),
            (.pitchBend(channel: 4, value: 0x1234), [0xE4, 0x34, 0x24]),
            (.pitchBend(channel: 0, value: 16383), [0xE0, 0x7F, 0x7F]),
        ]
        for (message, bytes) in cases {
            #expect(MIDIMessage.channelVoice(message).bytes == bytes, "\(message)")
        }
    }

    @Test func realtimeMessages() {
        let bytes = MIDIRealtimeMessage.allCases.map { MIDIMessage.realtime($0).bytes }
        #expect(bytes == [[0xF8], [0xFA], [0xFB], [0xFC], [0xFE], [0xFF]])
        #expect(MIDIRealtimeMessage.allCases.map(\.byte) == MIDIRealtimeMessage.allCases.map(\.rawValue))
    }

    @Test func songPositionCountsSixteenths() {
        // Bar 5 of 4/4 starts 4 bars × 16 sixteenths in.
        #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: 64)).bytes == [0xF2, 0x40, 0x00])
        #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: 200)).bytes == [0xF2, 0x48, 0x01])
        #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: 0)).bytes == [0xF2, 0x00, 0x00])
        #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: 16383)).bytes == [0xF2, 0x7F, 0x7F])
    }

    @Test func otherSystemCommonMessages() {
        #expect(MIDIMessage.systemCommon(.timeCodeQuarterFrame(0x35)).bytes == [0xF1, 0x35])
        #expect(MIDIMessage.systemCommon(.songSelect(song: 3)).bytes == [0xF3, 0x03])
        #expect(MIDIMessage.systemCommon(.tuneRequest).bytes == [0xF6])
    }

    @Test func systemExclusiveIsFramed() {
        let identityRequest = MIDIMessage.systemExclusive(MIDISystemExclusive(data: [0x7E, 0x7F, 0x06, 0x01]))
        #expect(identityRequest.bytes == [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7])
        #expect(MIDIMessage.systemExclusive(MIDISystemExclusive(data: [0x43, 0xF7])).bytes == [0xF0, 0x43, 0x77, 0xF7])
    }

    @Test func outOfRangeFieldsAreMaskedToValidBytes() {
        #expect(MIDIMessage.channelVoice(.noteOn(channel: 17, note: 200, velocity: 255)).bytes == [0x91, 0x48, 0x7F])
        #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: 0xFFFF)).bytes == [0xF2, 0x7F, 0x7F])
    }

    @Test func aStreamIsTheMessagesInOrder() {
        let bytes = MIDIMessage.bytes(of: [
            .systemCommon(.songPosition(midiBeats: 16)), .realtime(.continue), .realtime(.clock),
            .channelVoice(.noteOn(channel: 9, note: 42, velocity: 80)),
        ])
        #expect(bytes == [0xF2, 0x10, 0x00, 0xFB, 0xF8, 0x99, 0x2A, 0x50])
    }

    @Test func writeFillsAJackBufferOrNothing() {
        var buffer: [UInt8] = [0xAA, 0xAA, 0xAA]
        let clock = MIDIShortMessage.realtime(.clock)
        let note = MIDIShortMessage.channelVoice(.noteOn(channel: 0, note: 36, velocity: 127))
        let program = MIDIShortMessage.channelVoice(.programChange(channel: 0, program: 9))
        let written = buffer.withUnsafeMutableBufferPointer { buffer in
            [
                note.write(to: buffer.baseAddress!, capacity: 2),
                clock.write(to: buffer.baseAddress!, capacity: 1),
            ]
        }
        #expect(written == [0, 1])
        #expect(buffer == [0xF8, 0xAA, 0xAA])
        let full = buffer.withUnsafeMutableBufferPointer { note.write(to: $0.baseAddress!, capacity: 3) }
        #expect(full == 3)
        #expect(buffer == [0x90, 0x24, 0x7F])
        #expect([clock.byteCount, program.byteCount, note.byteCount] == [1, 2, 3])
    }
}
