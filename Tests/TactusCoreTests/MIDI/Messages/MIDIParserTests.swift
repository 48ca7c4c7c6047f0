import Testing
@testable import TactusCore

@Suite struct MIDIParserTests {
    private func noteOn(_ note: UInt8, _ velocity: UInt8, channel: UInt8 = 0) -> MIDIMessage {
        .channelVoice(.noteOn(channel: channel, note: note, velocity: velocity))
    }

    @Test func runningStatusAndNoteOnVelocityZeroAsNoteOff() {
        let result = MIDIParser.parse([0x90, 0x3C, 0x64, 0x3E, 0x65, 0x40, 0x00])
        #expect(result.messages == [
            noteOn(60, 100), noteOn(62, 101), .channelVoice(.noteOff(channel: 0, note: 64, velocity: 0)),
        ])
        #expect(result.runningStatus == 0x90)
    }

    @Test func runningStatusCarriesAcrossCalls() {
        let first = MIDIParser.parse([0x91, 0x3C, 0x40, 0x3E])
        let second = MIDIParser.parse([0x3C, 0x50, 0x3E, 0x51], runningStatus: first.runningStatus)
        #expect(first.messages == [noteOn(60, 64, channel: 1)])
        #expect(second.messages == [noteOn(60, 80, channel: 1), noteOn(62, 81, channel: 1)])
        #expect(MIDIParser.parse([0x05], runningStatus: 0xC2).messages == [.channelVoice(.programChange(channel: 2, program: 5))])
        // Only a channel voice status can run.
        #expect(MIDIParser.parse([0x10, 0x00], runningStatus: 0xF2).messages == [])
    }

    @Test func realtimeBytesInsideAMessageComeOutFirst() {
        let result = MIDIParser.parse([0x90, 0xF8, 0x3C, 0xFA, 0x64, 0xFC])
        #expect(result.messages == [.realtime(.clock), .realtime(.start), noteOn(60, 100), .realtime(.stop)])
        #expect(result.runningStatus == 0x90)
    }

    @Test func realtimeBytesInsideSystemExclusive() {
        let result = MIDIParser.parse([0xF0, 0x01, 0xF8, 0x02, 0xFE, 0xF7])
        #expect(result.messages == [
            .realtime(.clock), .realtime(.activeSensing), .systemExclusive(MIDISystemExclusive(data: [0x01, 0x02])),
        ])
    }

    @Test func systemExclusiveThenMessages() {
        let result = MIDIParser.parse([0xF0, 0x43, 0x12, 0x00, 0xF7, 0x90, 0x3C, 0x40])
        #expect(result.messages == [.systemExclusive(MIDISystemExclusive(data: [0x43, 0x12, 0x00])), noteOn(60, 64)])
    }

    @Test func unterminatedSystemExclusiveIsDropped() {
        let interrupted = MIDIParser.parse([0xF0, 0x43, 0x12, 0x90, 0x3C, 0x40])
        #expect(interrupted.messages == [noteOn(60, 64)])
        let cutOff = MIDIParser.parse([0x90, 0x3C, 0x40, 0xF0, 0x01, 0x02])
        #expect(cutOff.messages == [noteOn(60, 64)])
        #expect(cutOff.runningStatus == nil)
    }

    @Test func dataBytesWithoutStatusAreSkipped() {
        let result = MIDIParser.parse([0x3C, 0x40, 0x3E, 0x99, 0x26, 0x7F])
        #expect(result.messages == [noteOn(38, 127, channel: 9)])
    }

    @Test func systemCommonEndsRunningStatus() {
        let result = MIDIParser.parse([0x90, 0x3C, 0x40, 0xF2, 0x10, 0x00, 0x3E, 0x40, 0xF3, 0x02, 0xF1, 0x71])
        #expect(result.messages == [
            noteOn(60, 64), .systemCommon(.songPosition(midiBeats: 16)), .systemCommon(.songSelect(song: 2)),
            .systemCommon(.timeCodeQuarterFrame(0x71)),
        ])
        #expect(result.runningStatus == nil)
    }

    @Test func undefinedAndStrayStatusBytes() {
        // F9 and FD are undefined realtime bytes: ignored, and the note goes on.
        #expect(MIDIParser.parse([0x90, 0x3C, 0xF9, 0x40, 0xFD]).messages == [noteOn(60, 64)])
        // F4, F5 and a stray F7 end running status.
        #expect(MIDIParser.parse([0x90, 0x3C, 0x40, 0xF4, 0x3E, 0x40]).messages == [noteOn(60, 64)])
        #expect(MIDIParser.parse([0x90, 0x3C, 0x40, 0xF7, 0x3E, 0x40]).messages == [noteOn(60, 64)])
        #expect(MIDIParser.parse([0xF5, 0xF6]).messages == [.systemCommon(.tuneRequest)])
    }

    @Test func oneDataByteMessagesRun() {
        let result = MIDIParser.parse([0xC0, 0x05, 0x06, 0xD3, 0x40])
        #expect(result.messages == [
            .channelVoice(.programChange(channel: 0, program: 5)), .channelVoice(.programChange(channel: 0, program: 6)),
            .channelVoice(.channelAftertouch(channel: 3, pressure: 64)),
        ])
    }

    @Test func pitchBendAndControlChange() {
        let result = MIDIParser.parse([0xE0, 0x00, 0x40, 0xE5, 0x7F, 0x7F, 0xB0, 0x40, 0x7F, 0xA1, 0x3C, 0x22])
        #expect(result.messages == [
            .channelVoice(.pitchBend(channel: 0, value: 8192)), .channelVoice(.pitchBend(channel: 5, value: 16383)),
            .channelVoice(.controlChange(channel: 0, controller: 64, value: 127)),
            .channelVoice(.polyAftertouch(channel: 1, note: 60, pressure: 34)),
        ])
    }

    @Test func anIncompleteMessageAtTheEndIsDropped() {
        let result = MIDIParser.parse([0x90, 0x3C])
        #expect(result.messages == [])
        #expect(result.runningStatus == 0x90)
    }

    @Test func encodedMessagesParseBack() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let messages = (0..<random.below(8)).map { _ in Self.randomMessage(&random) }
            let result = MIDIParser.parse(MIDIMessage.bytes(of: messages))
            #expect(result.messages == messages)
        }
    }

    /// Random bytes never crash the parser, and whatever it finds re-encodes to
    /// bytes that parse back to the same message.
    @Test func garbageIsSafe() {
        var random = SplitMix64(seed: 11)
        var found = 0
        for _ in 0..<20_000 {
            let bytes = (0..<random.below(24)).map { _ in random.byte() }
            let running: UInt8? = random.below(2) == 0 ? nil : random.byte()
            for message in MIDIParser.parse(bytes, runningStatus: running).messages {
                found += 1
                let again = MIDIParser.parse(message.bytes).messages
                if again != [message] {
                    Issue.record("\(message) re-parsed as \(again)")
                    return
                }
            }
        }
        #expect(found > 20_000)
    }

    static func randomMessage(_ random: inout SplitMix64) -> MIDIMessage {
        let channel = UInt8(random.below(16))
        let a = random.byte() & 0x7F
        let b = random.byte() & 0x7F
        switch random.below(12) {
        case 0: return .channelVoice(.noteOn(channel: channel, note: a, velocity: max(b, 1)))
        case 1: return .channelVoice(.noteOff(channel: channel, note: a, velocity: b))
        case 2: return .channelVoice(.polyAftertouch(channel: channel, note: a, pressure: b))
        case 3: return .channelVoice(.controlChange(channel: channel, controller: a, value: b))
        case 4: return .channelVoice(.programChange(channel: channel, program: a))
        case 5: return .channelVoice(.channelAftertouch(channel: channel, pressure: a))
        case 6: return .channelVoice(.pitchBend(channel: channel, value: UInt16(random.below(16384))))
        case 7: return .systemCommon(.songPosition(midiBeats: UInt16(random.below(16384))))
        case 8: return .systemCommon(random.below(2) == 0 ? .songSelect(song: a) : .timeCodeQuarterFrame(b))
        case 9: return .systemCommon(.tuneRequest)
        case 10: return .realtime(MIDIRealtimeMessage.allCases[random.below(6)])
        default: return .systemExclusive(MIDISystemExclusive(data: (0..<random.below(6)).map { _ in random.byte() & 0x7F }))
        }
    }
}
