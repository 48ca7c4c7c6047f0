import Foundation
import Testing
import TactusCore
@testable import TactusALSA

@Suite struct ALSAPedalInputTests {
    static func sequencer(events: [SequencerEvent] = []) -> RecordedSequencer {
        RecordedSequencer(
            availablePorts: ALSAPort.studio, events: events, queueTimes: [SequencerRealTime(seconds: 2, nanoseconds: 0)])
    }

    @Test func startSubscribesTheMatchedSources() throws {
        var input = ALSAPedalInput(backend: Self.sequencer())
        let sources = try input.start(
            clientName: "tactus", portName: "pedal",
            patterns: [ALSAPortPattern(parsing: "fbv express mk ii:0"), ALSAPortPattern(parsing: "24:0"), ALSAPortPattern(parsing: "nano")])
        #expect(sources.map(\.address) == [ALSAAddress(client: 24, port: 0), ALSAAddress(client: 20, port: 0)])
        #expect(input.port == ALSAAddress(client: 130, port: 0))
        #expect(input.backend.calls == ["open tactus", "create pedal", "connect 24:0 -> 130:0", "connect 20:0 -> 130:0"])
    }

    @Test func aPatternThatMatchesNothingClosesAgain() throws {
        var input = ALSAPedalInput(backend: Self.sequencer())
        #expect(throws: ALSAError.self) {
            try input.start(clientName: "tactus", portName: "pedal", patterns: [ALSAPortPattern(parsing: "boss")])
        }
        #expect(input.backend.calls == ["open tactus", "close"])
        #expect(input.port == nil)
    }

    @Test func anUnavailableSequencerIsReportedOnce() throws {
        var backend = Self.sequencer()
        backend.openError = .sequencerUnavailable(device: "/dev/snd/seq", reason: "No such file or directory")
        var input = ALSAPedalInput(backend: backend)
        do {
            try input.start(clientName: "tactus", portName: "pedal", patterns: [ALSAPortPattern(parsing: "nano")])
            Issue.record("started without a sequencer")
        } catch {
            #expect(error.continuingWithJACKOnly
                == "ALSA sequencer unavailable (/dev/snd/seq: No such file or directory); continuing with JACK ports only")
        }
    }

    @Test func eventsArriveAsMessagesWithJACKFrames() throws {
        let fbv = ALSAAddress(client: 24, port: 0)
        var input = ALSAPedalInput(backend: Self.sequencer(events: [
            SequencerEvent(kind: .controller, number: 80, value: 127, source: fbv, time: SequencerRealTime(seconds: 2, nanoseconds: 250_000_000)),
            SequencerEvent(kind: .other(130), source: fbv, time: SequencerRealTime(seconds: 2, nanoseconds: 300_000_000)),
            SequencerEvent(kind: .controller, number: 80, value: 0, source: fbv, time: SequencerRealTime(seconds: 2, nanoseconds: 400_000_000)),
            SequencerEvent(kind: .programChange, value: 3, source: fbv, time: nil),
        ]))
        try input.start(clientName: "tactus", portName: "pedal", patterns: [ALSAPortPattern(parsing: "24:0")])
        try input.anchor(frame: 96_000, sampleRate: 48_000, periodFrames: 256)
        #expect(input.mapping?.uncertaintyFrames == 256)
        var received: [ALSAInputEvent] = []
        while let event = try input.next(timeoutMilliseconds: 100) { received.append(event) }
        #expect(received == [
            ALSAInputEvent(message: ALSAMIDIMessage(status: 0xB0, data1: 80, data2: 127, size: 3), source: fbv, frame: 108_000),
            ALSAInputEvent(message: ALSAMIDIMessage(status: 0xB0, data1: 80, data2: 0, size: 3), source: fbv, frame: 115_200),
            ALSAInputEvent(message: ALSAMIDIMessage(status: 0xC0, data1: 3, size: 2), source: fbv, frame: nil),
        ])
        // The sysex was skipped without waiting again.
        #expect(input.backend.calls.suffix(6) == ["connect 24:0 -> 130:0", "wait 100", "wait 100", "wait 0", "wait 100", "wait 100"])
        input.stop()
        #expect(input.backend.calls.last == "close")
    }

    @Test func eventsBeforeTheAnchorHaveNoFrame() throws {
        var input = ALSAPedalInput(backend: Self.sequencer(events: [
            SequencerEvent(kind: .noteOn, channel: 9, number: 60, value: 90, time: SequencerRealTime(seconds: 1, nanoseconds: 0)),
        ]))
        try input.start(clientName: "tactus", portName: "pedal", patterns: [])
        #expect(try input.next(timeoutMilliseconds: 5)?.frame == nil)
    }

    @Test func alsaMessagesDriveAPedalMap() throws {
        var map = try PedalMap(
            json: Array(#"{"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap"}]}"#.utf8), file: "x.json")
        let events = [127, 0, 127].map { SequencerEvent(kind: .controller, number: 80, value: $0) }
        let actions = events.compactMap(\.midiMessage).compactMap { map.action(status: $0.status, data1: $0.data1, data2: $0.data2) }
        #expect(actions == [.tap, .tap])
    }

    @Test func sourcesListLeavesOutOurselvesAndNonSources() throws {
        var backend = Self.sequencer()
        backend.availablePorts.append(ALSAPort(
            address: ALSAAddress(client: 130, port: 0), clientName: "tactus", name: "out",
            capabilities: ALSAPort.source, types: 0))
        let sources = try ALSAMIDISources.list(using: &backend)
        #expect(sources.map(\.description) == [
            "14:0  Midi Through:Midi Through Port-0", "20:0  nanoKONTROL2:nanoKONTROL2 MIDI 1",
            "24:0  FBV Express Mk II:FBV Express Mk II MIDI 1", "24:1  FBV Express Mk II:FBV Express Mk II MIDI 2",
        ])
        #expect(backend.calls == ["open tactus", "close"])
    }
}
