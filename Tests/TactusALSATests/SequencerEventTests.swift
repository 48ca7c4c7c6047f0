import CALSA
import TactusCore
import Testing
@testable import TactusALSA

@Suite struct SequencerEventTests {
    /// A recorded event as alsa-lib hands it over: from 20:0, real-time stamped at 12.000000500 s.
    static func recorded(_ type: snd_seq_event_type, _ fill: (inout snd_seq_event_t) -> Void = { _ in }) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        event.type = snd_seq_event_type_t(type.rawValue)
        event.flags = UInt8(SND_SEQ_TIME_STAMP_REAL)
        event.time.time.tv_sec = 12
        event.time.time.tv_nsec = 500
        event.source.client = 20
        event.source.port = 0
        fill(&event)
        return event
    }

    static func bytes(_ event: snd_seq_event_t) -> [UInt8]? {
        SequencerEvent(event).midiMessage?.bytes
    }

    @Test func noteEventsBecomeNoteMessages() {
        let on = Self.recorded(SND_SEQ_EVENT_NOTEON) { $0.data.note.channel = 9; $0.data.note.note = 36; $0.data.note.velocity = 100 }
        #expect(Self.bytes(on) == [0x99, 36, 100])
        #expect(SequencerEvent(on) == SequencerEvent(
            kind: .noteOn, channel: 9, number: 36, value: 100, source: ALSAAddress(client: 20, port: 0),
            time: SequencerRealTime(seconds: 12, nanoseconds: 500)))
        let off = Self.recorded(SND_SEQ_EVENT_NOTEOFF) { $0.data.note.channel = 9; $0.data.note.note = 36; $0.data.note.velocity = 0 }
        #expect(Self.bytes(off) == [0x89, 36, 0])
        let pressure = Self.recorded(SND_SEQ_EVENT_KEYPRESS) { $0.data.note.channel = 2; $0.data.note.note = 60; $0.data.note.velocity = 33 }
        #expect(Self.bytes(pressure) == [0xA2, 60, 33])
    }

    @Test func controlEventsBecomeChannelMessages() {
        let sustain = Self.recorded(SND_SEQ_EVENT_CONTROLLER) { $0.data.control.param = 64; $0.data.control.value = 127 }
        #expect(Self.bytes(sustain) == [0xB0, 0x40, 0x7F])
        let program = Self.recorded(SND_SEQ_EVENT_PGMCHANGE) { $0.data.control.channel = 1; $0.data.control.value = 5 }
        #expect(Self.bytes(program) == [0xC1, 0x05])
        let aftertouch = Self.recorded(SND_SEQ_EVENT_CHANPRESS) { $0.data.control.channel = 15; $0.data.control.value = 90 }
        #expect(Self.bytes(aftertouch) == [0xDF, 90])
        let loud = Self.recorded(SND_SEQ_EVENT_CONTROLLER) { $0.data.control.param = 300; $0.data.control.value = 200 }
        #expect(Self.bytes(loud) == [0xB0, 0x7F, 0x7F])
    }

    @Test func pitchBendIsCentredAt8192() {
        func bend(_ value: Int32) -> [UInt8]? {
            Self.bytes(Self.recorded(SND_SEQ_EVENT_PITCHBEND) { $0.data.control.channel = 3; $0.data.control.value = value })
        }
        #expect(bend(0) == [0xE3, 0x00, 0x40])
        #expect(bend(-8192) == [0xE3, 0x00, 0x00])
        #expect(bend(8191) == [0xE3, 0x7F, 0x7F])
        #expect(bend(1) == [0xE3, 0x01, 0x40])
        #expect(bend(-9000) == [0xE3, 0x00, 0x00])
    }

    @Test func clockAndTransportBecomeRealtimeBytes() {
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_CLOCK)) == [0xF8])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_START)) == [0xFA])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_CONTINUE)) == [0xFB])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_STOP)) == [0xFC])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_SENSING)) == [0xFE])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_RESET)) == [0xFF])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_TUNE_REQUEST)) == [0xF6])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_SONGPOS) { $0.data.control.value = 300 }) == [0xF2, 0x2C, 0x02])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_SONGSEL) { $0.data.control.value = 7 }) == [0xF3, 0x07])
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_QFRAME) { $0.data.control.value = 0x31 }) == [0xF1, 0x31])
    }

    @Test func eventsWithoutAShortFormGiveNoBytes() {
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_SYSEX)) == nil)
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_CONTROL14)) == nil)
        #expect(Self.bytes(Self.recorded(SND_SEQ_EVENT_PORT_SUBSCRIBED)) == nil)
        #expect(SequencerEvent(Self.recorded(SND_SEQ_EVENT_SYSEX)).kind == .other(130))
    }

    @Test func tickStampedEventsHaveNoRealTime() {
        var event = Self.recorded(SND_SEQ_EVENT_CLOCK)
        event.flags = UInt8(SND_SEQ_TIME_STAMP_TICK)
        #expect(SequencerEvent(event).time == nil)
        #expect(SequencerEvent(Self.recorded(SND_SEQ_EVENT_CLOCK)).time == SequencerRealTime(seconds: 12, nanoseconds: 500))
    }

    @Test func kindNumbersAgreeWithTheHeader() {
        let pairs: [(snd_seq_event_type, SequencerEvent.Kind)] = [
            (SND_SEQ_EVENT_NOTEON, .noteOn), (SND_SEQ_EVENT_NOTEOFF, .noteOff), (SND_SEQ_EVENT_KEYPRESS, .keyPressure),
            (SND_SEQ_EVENT_CONTROLLER, .controller), (SND_SEQ_EVENT_PGMCHANGE, .programChange),
            (SND_SEQ_EVENT_CHANPRESS, .channelPressure), (SND_SEQ_EVENT_PITCHBEND, .pitchBend),
            (SND_SEQ_EVENT_SONGPOS, .songPosition), (SND_SEQ_EVENT_SONGSEL, .songSelect),
            (SND_SEQ_EVENT_QFRAME, .quarterFrame), (SND_SEQ_EVENT_TUNE_REQUEST, .tuneRequest),
            (SND_SEQ_EVENT_CLOCK, .clock), (SND_SEQ_EVENT_START, .start), (SND_SEQ_EVENT_CONTINUE, .continue),
            (SND_SEQ_EVENT_STOP, .stop), (SND_SEQ_EVENT_SENSING, .activeSensing), (SND_SEQ_EVENT_RESET, .reset),
        ]
        for (type, kind) in pairs {
            #expect(SequencerEvent.Kind(type: UInt8(type.rawValue)) == kind)
        }
        #expect(SequencerEvent.Kind.byType.count == pairs.count)
    }

    @Test func messagesPrintAsHex() {
        #expect(ALSAMIDIMessage(status: 0xB0, data1: 0x50, data2: 0x7F, size: 3).description == "B0 50 7F")
        #expect(ALSAMIDIMessage(status: 0xC1, data1: 5, size: 2).description == "C1 05")
        #expect(SequencerRealTime(seconds: 3, nanoseconds: 5_000_000).description == "3.005000000 s")
    }
}

@Suite struct ALSAMIDIMessageTests {
    @Test func bytesReadAsTypedShortMessages() {
        let sustain = ALSAMIDIMessage(status: 0xB0, data1: 64, data2: 127, size: 3)
        #expect(sustain.shortMessage == MIDIShortMessage(bytes: [0xB0, 64, 127]))
        #expect(ALSAMIDIMessage(status: 0xF8, size: 1).shortMessage == MIDIShortMessage(bytes: [0xF8]))
        #expect(ALSAMIDIMessage(status: 0x90, data1: 60, size: 2).shortMessage == nil)
    }
}

extension MIDIShortMessage {
    init?(bytes: [UInt8]) {
        guard let message = bytes.withUnsafeBufferPointer({ MIDIShortMessage(bytes: $0.baseAddress, count: $0.count) }) else {
            return nil
        }
        self = message
    }
}
