import Testing
@testable import TactusCore

@Suite struct MIDIFilePlaybackTests {
    static func track(_ events: [(Int, MIDIFileMessage)]) -> MIDIFileTrack {
        MIDIFileTrack(events: events.map { MIDIFileEvent(tick: $0.0, message: $0.1) })
    }

    static func note(_ note: UInt8) -> MIDIFileMessage {
        .channelVoice(.noteOn(channel: 0, note: note, velocity: 64))
    }

    /// 97 BPM (618557 µs a quarter) to bar 2, then 140 (428571 µs), PPQ 480.
    @Test func framesAreExactThroughTheTempoMap() {
        let file = MIDIFile(format: .singleTrack, division: .ticksPerQuarter(480), tracks: [Self.track([
            (0, .meta(.tempo(microsecondsPerQuarter: 618_557))), (1920, .meta(.tempo(microsecondsPerQuarter: 428_571))),
            (0, Self.note(1)), (1, Self.note(2)), (480, Self.note(3)), (1920, Self.note(4)), (2400, Self.note(5)),
        ])])
        let playback = file.playback(sampleRate: 48_000)
        // 1 tick = 1288.660… µs = 61.86 frames; 480 ticks = 29690.736; 4 × 618557 + 428571 µs = 139334.352 frames.
        #expect(playback.events.map(\.frame) == [0, 62, 29_691, 118_763, 139_334])
        #expect(playback.events.map(\.tick) == [0, 1, 480, 1920, 2400])
        #expect(playback.skippedSystemExclusive == 0)
        #expect(file.playback(sampleRate: 44_100).events.map(\.frame) == [0, 57, 27_278, 109_113, 128_013])
    }

    @Test func smpteTicksAreFixedTime() {
        // 25 frames a second, 40 ticks a frame: one tick is a millisecond; tempo does not apply.
        let file = MIDIFile(format: .singleTrack, division: .smpte(framesPerSecond: 25, ticksPerFrame: 40), tracks: [Self.track([
            (0, .meta(.tempo(microsecondsPerQuarter: 1_000))), (1, Self.note(1)), (1000, Self.note(2)),
        ])])
        #expect(file.playback(sampleRate: 48_000).events.map(\.frame) == [48, 48_000])
    }

    @Test func tracksMergeByTickThenTrackThenFileOrder() {
        let file = MIDIFile(format: .simultaneousTracks, division: .ticksPerQuarter(96), tracks: [
            Self.track([(10, Self.note(1)), (10, Self.note(2)), (20, Self.note(3))]),
            Self.track([(5, Self.note(4)), (10, Self.note(5)), (10, Self.note(6))]),
        ])
        #expect(file.playback(sampleRate: 48_000).events.map { $0.bytes[1] } == [4, 1, 2, 5, 6, 3])
    }

    @Test func channelMessagesAndShortSysExAreSentMetaAndTheRestNot() {
        let longest = [UInt8](repeating: 0x11, count: 254) + [0xF7]
        let file = MIDIFile(format: .singleTrack, division: .ticksPerQuarter(96), tracks: [Self.track([
            (0, .channelVoice(.noteOn(channel: 9, note: 36, velocity: 100))),
            (0, .channelVoice(.noteOff(channel: 9, note: 36, velocity: 0))),
            (0, .channelVoice(.polyAftertouch(channel: 1, note: 60, pressure: 33))),
            (0, .channelVoice(.controlChange(channel: 2, controller: 64, value: 127))),
            (0, .channelVoice(.programChange(channel: 3, program: 5))),
            (0, .channelVoice(.channelAftertouch(channel: 4, pressure: 44))),
            (0, .channelVoice(.pitchBend(channel: 15, value: 12_000))),
            (0, .meta(.text(type: MIDIMetaEvent.markerType, bytes: Array("A".utf8)))),
            (0, .meta(.timeSignature(MIDITimeSignature(numerator: 7, denominatorPower: 3)))),
            (0, .systemExclusive([0x7E, 0x7F, 0x09, 0x01, 0xF7])),
            (0, .systemExclusive(longest)),
            (0, .systemExclusive(longest + [0xF7])),
            (0, .systemExclusive([0x43, 0x10])),
            (0, .systemExclusive([0x43, 0x90, 0xF7])),
            (0, .escape([0xF8])),
        ])])
        let playback = file.playback(sampleRate: 48_000)
        #expect(playback.events.map(\.bytes) == [
            [0x99, 36, 100], [0x89, 36, 0], [0xA1, 60, 33], [0xB2, 64, 127], [0xC3, 5], [0xD4, 44],
            // 12000 = 93 × 128 + 96
            [0xEF, 96, 93],
            [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7],
            [0xF0] + longest,
        ])
        #expect(playback.events.last?.bytes.count == MIDIFile.longestPlayedSystemExclusive)
        // Too long, no F7 (a packet of a split message), a data byte with its top bit set, an F7 escape.
        #expect(playback.skippedSystemExclusive == 4)
    }

    @Test func aNoteOnWithVelocityZeroIsSentAsNoteOff() throws {
        // MThd, format 0, one track, PPQ 96; MTrk: note on 60/100, 96 ticks later 90 3C 00, end.
        let bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0, 96] + Array("MTrk".utf8)
            + [0, 0, 0, 12, 0x00, 0x90, 0x3C, 0x64, 0x60, 0x3C, 0x00, 0x00, 0xFF, 0x2F, 0x00]
        let file = try MIDIFile.read(bytes).file
        #expect(file.playback(sampleRate: 48_000).events == [
            MIDIPlaybackEvent(frame: 0, tick: 0, bytes: [0x90, 0x3C, 0x64]),
            MIDIPlaybackEvent(frame: 24_000, tick: 96, bytes: [0x80, 0x3C, 0x00]),
        ])
    }

    @Test func anEmptyFilePlaysNothing() {
        let file = MIDIFile(format: .singleTrack, division: .ticksPerQuarter(96), tracks: [])
        #expect(file.playback(sampleRate: 48_000) == MIDIPlayback(events: [], skippedSystemExclusive: 0))
    }
}
