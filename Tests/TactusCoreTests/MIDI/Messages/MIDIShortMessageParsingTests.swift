import Testing
import TactusCore

/// Reads one event and writes it back, as the process callback would; being
/// annotated, it makes the build (debug and release) check the parser and
/// encoder across the module boundary.
///
/// Realtime: no allocation, no locks.
@_noLocks @_noAllocation
private func echo(_ bytes: UnsafePointer<UInt8>?, count: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
    guard let message = MIDIShortMessage(bytes: bytes, count: count) else { return 0 }
    return message.write(to: output, capacity: 3)
}

/// Feeds a stream byte by byte and counts note-ons, as a realtime reader would.
///
/// Realtime: no allocation, no locks.
@_noLocks @_noAllocation
private func countNoteOns(_ bytes: UnsafePointer<UInt8>, count: Int, parser: inout MIDIByteParser) -> Int {
    var noteOns = 0
    var index = 0
    while index < count {
        if case .channelVoice(.noteOn) = parser.feed(bytes[index]) { noteOns += 1 }
        index += 1
    }
    return noteOns
}

@Suite struct MIDIShortMessageParsingTests {
    private func parse(_ bytes: [UInt8]) -> MIDIShortMessage? {
        bytes.withUnsafeBufferPointer { MIDIShortMessage(bytes: $0.baseAddress, count: $0.count) }
    }

    @Test func oneJackEvent() {
        #expect(parse([0x99, 0x26, 0x7F]) == .channelVoice(.noteOn(channel: 9, note: 38, velocity: 127)))
        #expect(parse([0x90, 0x3C, 0x00]) == .channelVoice(.noteOff(channel: 0, note: 60, velocity: 0)))
        #expect(parse([0xB0, 0x40, 0x7F]) == .channelVoice(.controlChange(channel: 0, controller: 64, value: 127)))
        #expect(parse([0xC1, 0x04]) == .channelVoice(.programChange(channel: 1, program: 4)))
        #expect(parse([0xF8]) == .realtime(.clock))
        #expect(parse([0xFC]) == .realtime(.stop))
        #expect(parse([0xF2, 0x40, 0x00]) == .systemCommon(.songPosition(midiBeats: 64)))
    }

    @Test func eventsThatAreNoShortMessage() {
        #expect(parse([]) == nil)
        #expect(MIDIShortMessage(bytes: nil, count: 3) == nil)
        #expect(parse([0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]) == nil)
        #expect(parse([0x90, 0x3C]) == nil)
        #expect(parse([0x3C, 0x40]) == nil)
        #expect(parse([0xF9, 0xFD, 0xF4]) == nil)
    }

    @Test func theFirstCompleteMessageWins() {
        #expect(parse([0x90, 0xF8, 0x3C, 0x40]) == .realtime(.clock))
        #expect(parse([0x90, 0x3C, 0x40, 0x80, 0x3C, 0x40]) == .channelVoice(.noteOn(channel: 0, note: 60, velocity: 64)))
    }

    @Test func negativeCountReadsNothing() {
        #expect([0xF8].withUnsafeBufferPointer { MIDIShortMessage(bytes: $0.baseAddress, count: -1) } == nil)
    }

    @Test func realtimeEchoCopiesTheMessage() {
        var output: [UInt8] = [0, 0, 0]
        let input: [UInt8] = [0x99, 0x24, 0x64]
        let written = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { echo(input.baseAddress, count: 3, to: $0.baseAddress!) }
        }
        #expect(written == 3)
        #expect(output == input)
    }

    @Test func byteParserKeepsStateAcrossEvents() {
        var parser = MIDIByteParser()
        let first: [UInt8] = [0x90, 0x3C, 0x40, 0x3E]
        let second: [UInt8] = [0x40, 0xF8, 0x40, 0x00, 0x41, 0x40]
        let counts = [first, second].map { bytes in
            bytes.withUnsafeBufferPointer { countNoteOns($0.baseAddress!, count: $0.count, parser: &parser) }
        }
        #expect(counts == [1, 2])
        #expect(parser.runningStatus == 0x90)
        #expect(parser.isInSystemExclusive == false)
        _ = parser.feed(0xF0)
        #expect(parser.isInSystemExclusive)
        #expect(parser.runningStatus == nil)
    }
}
