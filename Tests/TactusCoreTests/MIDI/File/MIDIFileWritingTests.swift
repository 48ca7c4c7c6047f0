import Testing
@testable import TactusCore

@Suite struct MIDIFileWritingTests {
    typealias F = SMFFixtures

    @Test func aPerformanceInExactBytes() {
        let file = MIDIFile(
            ticksPerQuarter: 96,
            tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(meter: .fourFour)!)],
            notes: [
                MIDIFileNote(tick: 0, duration: 48, channel: 9, note: 36, velocity: 100),
                MIDIFileNote(tick: 0, duration: 48, channel: 9, note: 42, velocity: 80),
                MIDIFileNote(tick: 96, duration: 0, channel: 9, note: 38, velocity: 90),
            ]
        )
        let expected = F.header(format: 0, tracks: 1, division: [0x00, 0x60]) + F.track([
            0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,
            0x00, 0xFF, 0x58, 0x04, 0x04, 0x02, 0x18, 0x08,
            0x00, 0x99, 0x24, 0x64,
            0x00, 0x2A, 0x50,
            0x30, 0x89, 0x24, 0x00,
            0x00, 0x2A, 0x00,
            0x30, 0x99, 0x26, 0x5A,
            0x01, 0x89, 0x26, 0x00,
        ] + F.endOfTrack)
        #expect(file.encoded() == expected)
    }

    @Test func formatOnePutsTempoAndMeterInTheFirstTrack() {
        let file = MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 480,
            tempoChanges: [MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(milliBPM: 97_000))],
            notes: [MIDIFileNote(tick: 10, duration: 20, note: 60, velocity: 64)]
        )
        let expected = F.header(format: 1, tracks: 2, division: [0x01, 0xE0])
            + F.track([0x00, 0xFF, 0x51, 0x03, 0x09, 0x70, 0x3D, 0x1E, 0xFF, 0x2F, 0x00])
            + F.track([0x0A, 0x90, 0x3C, 0x40, 0x14, 0x80, 0x3C, 0x00] + F.endOfTrack)
        #expect(file.encoded() == expected)
    }

    @Test func deltaTimesAtTheLimitsOfTheirLength() {
        let deltas = [127, 128, 0x3FFF, 0x4000, 0x0FFF_FFFF + 0x4000]
        let ticks = deltas.indices.map { deltas[...$0].reduce(0, +) }
        let events = ticks.map { MIDIFileEvent(tick: $0, message: .channelVoice(.noteOn(channel: 0, note: 1, velocity: 1))) }
        let bytes = MIDIFile(format: .singleTrack, division: .ticksPerQuarter(96), tracks: [MIDIFileTrack(events: events)]).encoded()
        #expect(Array(bytes.dropFirst(22)) == [
            0x7F, 0x90, 0x01, 0x01,
            0x81, 0x00, 0x01, 0x01,
            0xFF, 0x7F, 0x01, 0x01,
            0x81, 0x80, 0x00, 0x01, 0x01,
            0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0x01, 0x00, 0x81, 0x80, 0x00, 0x90, 0x01, 0x01,
        ] + F.endOfTrack)
        // The bridge over the longest delta-time reads back as an empty text event.
        let reread = try? MIDIFile.read(bytes).file
        #expect(reread?.tracks[0].events.map(\.tick) == Array(ticks.prefix(4)) + [ticks[3] + 0x0FFF_FFFF, ticks[4]])
        #expect(reread?.tracks[0].events[4].message == .meta(.text(type: 0x01, bytes: [])))
    }

    @Test func performanceRoundTripsExactly() throws {
        var random = SplitMix64(seed: 3)
        for format in [MIDIFile.Format.singleTrack, .simultaneousTracks] {
            let tempos = [
                MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(milliBPM: 97_000)),
                MIDITempoChange(tick: 7_680, quarterNotesPerMinute: Tempo(milliBPM: 133_500)),
            ]
            let meters = [
                MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(meter: .fourFour)!),
                MIDIMeterChange(tick: 7_680, timeSignature: MIDITimeSignature(meter: Meter(beats: 7, noteValue: 8))!),
            ]
            let notes = (0..<200).map { index in
                MIDIFileNote(tick: index * 120 + random.below(9) - 4 + 4, duration: 30, channel: 9, note: 36 + UInt8(random.below(12)), velocity: 1 + UInt8(random.below(127)))
            }
            let file = MIDIFile(format: format, ticksPerQuarter: 480, tempoChanges: tempos, meterChanges: meters, notes: notes)
            let reread = try MIDIFile.read(file.encoded())
            #expect(reread.warnings == [])
            #expect(reread.file == file)
            #expect(reread.file.meterChanges == meters)
            let expectedTicks = notes.map(\.tick).sorted()
            #expect(reread.file.noteOns.map(\.tick) == expectedTicks)
            // Before tick 7680 each tick lasts 618557/480 µs; after, 449438/480 µs.
            let expectedSeconds = expectedTicks.map { tick in
                tick <= 7_680
                    ? Double(618_557 * tick) / 480_000_000
                    : Double(618_557 * 7_680 + 449_438 * (tick - 7_680)) / 480_000_000
            }
            #expect(reread.file.noteOns.map(\.seconds) == expectedSeconds)
        }
    }

    @Test func anyReadFileRoundTrips() throws {
        let file = MIDIFile(format: .independentTracks, division: .smpte(framesPerSecond: 29, ticksPerFrame: 80), tracks: [
            MIDIFileTrack(events: [
                MIDIFileEvent(tick: 0, message: .meta(.text(type: 0x03, bytes: Array("Pedal".utf8)))),
                MIDIFileEvent(tick: 0, message: .systemExclusive([0x7E, 0x7F, 0x09, 0x01, 0xF7])),
                MIDIFileEvent(tick: 5, message: .escape([0xF8])),
                MIDIFileEvent(tick: 5, message: .channelVoice(.controlChange(channel: 3, controller: 64, value: 127))),
                MIDIFileEvent(tick: 9, message: .channelVoice(.pitchBend(channel: 3, value: 8192))),
                MIDIFileEvent(tick: 9, message: .meta(.keySignature(sharps: 2, isMinor: false))),
                MIDIFileEvent(tick: 12, message: .channelVoice(.programChange(channel: 3, program: 4))),
                MIDIFileEvent(tick: 12, message: .channelVoice(.channelAftertouch(channel: 3, pressure: 4))),
                MIDIFileEvent(tick: 12, message: .meta(.other(type: 0x7F, data: [0, 0, 0x41]))),
            ], endTick: 400),
            MIDIFileTrack(events: [], endTick: 0),
        ])
        let reread = try MIDIFile.read(file.encoded())
        #expect(reread.warnings == [])
        #expect(reread.file == file)
    }
}
