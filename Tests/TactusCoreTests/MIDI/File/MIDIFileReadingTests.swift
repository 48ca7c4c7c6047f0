import Testing
@testable import TactusCore

@Suite struct MIDIFileReadingTests {
    typealias F = SMFFixtures

    private func read(_ bytes: [UInt8]) throws -> (file: MIDIFile, warnings: [String]) {
        let result = try MIDIFile.read(bytes)
        return (result.file, result.warnings.map(\.description))
    }

    private func voice(_ tick: Int, _ message: MIDIChannelVoiceMessage) -> MIDIFileEvent {
        MIDIFileEvent(tick: tick, message: .channelVoice(message))
    }

    private func meta(_ tick: Int, _ event: MIDIMetaEvent) -> MIDIFileEvent {
        MIDIFileEvent(tick: tick, message: .meta(event))
    }

    @Test func formatZeroWithRunningStatus() throws {
        let (file, warnings) = try read(F.twoNotes)
        #expect(warnings == [])
        #expect(file.format == .singleTrack)
        #expect(file.division == .ticksPerQuarter(480))
        #expect(file.tracks == [MIDIFileTrack(events: [
            meta(0, .tempo(microsecondsPerQuarter: 500_000)),
            meta(0, .timeSignature(MIDITimeSignature(numerator: 4, denominatorPower: 2, clocksPerClick: 24, thirtySecondsPerQuarter: 8))),
            voice(0, .noteOn(channel: 0, note: 60, velocity: 100)),
            voice(480, .noteOff(channel: 0, note: 60, velocity: 0)),
            voice(480, .noteOn(channel: 0, note: 62, velocity: 80)),
            voice(960, .noteOff(channel: 0, note: 62, velocity: 64)),
        ], endTick: 960)])
        #expect(file.noteOns == [
            MIDIFileNoteOn(tick: 0, seconds: 0, track: 0, channel: 0, note: 60, velocity: 100),
            MIDIFileNoteOn(tick: 480, seconds: 0.5, track: 0, channel: 0, note: 62, velocity: 80),
        ])
        #expect(file.meterChanges == [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 4, denominatorPower: 2))])
        #expect(file.meterChanges.first?.timeSignature.meter == Meter.fourFour)
    }

    @Test func readingNoteOnsOnlyDropsTheOtherChannelMessages() throws {
        let result = try MIDIFile.read(F.twoNotes, channelMessages: .noteOns)
        #expect(result.warnings == [])
        #expect(result.file.tracks == [MIDIFileTrack(events: [
            meta(0, .tempo(microsecondsPerQuarter: 500_000)),
            meta(0, .timeSignature(MIDITimeSignature(numerator: 4, denominatorPower: 2, clocksPerClick: 24, thirtySecondsPerQuarter: 8))),
            voice(0, .noteOn(channel: 0, note: 60, velocity: 100)),
            voice(480, .noteOn(channel: 0, note: 62, velocity: 80)),
        ], endTick: 960)])
        // Without an end-of-track the track still ends at its last event, a dropped note-off.
        let unended = try MIDIFile.read(F.header() + F.track([0x00, 0x90, 0x3C, 0x40, 0x60, 0x3C, 0x00]), channelMessages: .noteOns)
        #expect(unended.warnings.map(\.description) == ["offset 29: track 1: no end-of-track event"])
        #expect(unended.file.tracks == [MIDIFileTrack(events: [voice(0, .noteOn(channel: 0, note: 60, velocity: 64))], endTick: 96)])
    }

    /// Format 1: a conductor track with a tempo change and two note tracks,
    /// merged in time order (ties by track), timed through the tempo map.
    @Test func formatOneMergesTracksThroughTheTempoMap() throws {
        let conductor = F.track([
            0x00, 0xFF, 0x03, 0x04, 0x54, 0x65, 0x6D, 0x70,
            0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,
            0x81, 0x40, 0xFF, 0x51, 0x03, 0x03, 0xD0, 0x90,
        ] + F.endOfTrack)
        let drums = F.track([
            0x00, 0x99, 0x24, 0x64, 0x60, 0x26, 0x50, 0x60, 0x24, 0x64, 0x60, 0x26, 0x50,
        ] + F.endOfTrack)
        let bass = F.track([
            0x60, 0x90, 0x28, 0x40, 0x81, 0x10, 0x2B, 0x41,
        ] + F.endOfTrack)
        let (file, warnings) = try read(F.header(format: 1, tracks: 3, division: [0x00, 0x60]) + conductor + drums + bass)
        #expect(warnings == [])
        #expect(file.format == .simultaneousTracks)
        #expect(file.tracks.map(\.name) == ["Temp", nil, nil])
        #expect(file.tempoMap.changes == [
            MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000), MIDITempoChange(tick: 192, microsecondsPerQuarter: 250_000),
        ])
        let placed = file.noteOns.map { "\($0.tick) \($0.seconds) t\($0.track) n\($0.note)" }
        #expect(placed == [
            "0 0.0 t1 n36", "96 0.5 t1 n38", "96 0.5 t2 n40", "192 1.0 t1 n36", "240 1.125 t2 n43", "288 1.25 t1 n38",
        ])
        #expect(file.noteOnTicks.map { "\($0.tick) ch\($0.channel) n\($0.note) v\($0.velocity)" } == [
            "0 ch9 n36 v100", "96 ch9 n38 v80", "96 ch0 n40 v64", "192 ch9 n36 v100", "240 ch0 n43 v65", "288 ch9 n38 v80",
        ])
        #expect(MemoryLayout<MIDIFileNoteOnTick>.stride == 16)
    }

    @Test func formatTwoAndSMPTEDivision() throws {
        let body = F.track([0x00, 0x90, 0x3C, 0x40, 0x87, 0x68, 0x3C, 0x00] + F.endOfTrack)
        let (file, warnings) = try read(F.header(format: 2, tracks: 2, division: [0xE7, 0x28]) + body + body)
        #expect(warnings == [])
        #expect(file.format == .independentTracks)
        #expect(file.division == .smpte(framesPerSecond: 25, ticksPerFrame: 40))
        #expect(file.tracks.count == 2)
        #expect(file.tempoMap.seconds(atTick: 1000) == 1.0)
        #expect(file.tempoMap.frame(atTick: 1000, sampleRate: 48_000) == 48_000)
        // 29 means 30 drop-frame: 30000/1001 frames a second.
        let dropFrame = MIDITempoMap(division: .smpte(framesPerSecond: 29, ticksPerFrame: 80), changes: [])
        #expect(dropFrame.frame(atTick: 2400, sampleRate: 48_000) == 48_048)
        #expect(dropFrame.tick(atSeconds: 1.001) == 2400)
    }

    @Test func systemExclusiveAndEscapeEventsKeepRunningStatus() throws {
        let (file, warnings) = try read(F.header() + F.track([
            0x00, 0x90, 0x3C, 0x40,
            0x00, 0xF0, 0x05, 0x7E, 0x7F, 0x09, 0x01, 0xF7,
            0x00, 0xF7, 0x02, 0xF3, 0x01,
            0x10, 0x3C, 0x00,
        ] + F.endOfTrack))
        #expect(warnings == [])
        #expect(file.tracks[0].events == [
            voice(0, .noteOn(channel: 0, note: 60, velocity: 64)),
            MIDIFileEvent(tick: 0, message: .systemExclusive([0x7E, 0x7F, 0x09, 0x01, 0xF7])),
            MIDIFileEvent(tick: 0, message: .escape([0xF3, 0x01])),
            voice(16, .noteOff(channel: 0, note: 60, velocity: 0)),
        ])
    }

    @Test func metaEvents() throws {
        let (file, warnings) = try read(F.header() + F.track([
            0x00, 0xFF, 0x03, 0x05, 0x44, 0x72, 0x75, 0x6D, 0x73,
            0x00, 0xFF, 0x06, 0x01, 0x41,
            0x00, 0xFF, 0x59, 0x02, 0xFD, 0x01,
            0x00, 0xFF, 0x7F, 0x03, 0x00, 0x00, 0x41,
            0x00, 0xFF, 0x58, 0x04, 0x06, 0x03, 0x24, 0x08,
        ] + F.endOfTrack))
        #expect(warnings == [])
        #expect(file.tracks[0].name == "Drums")
        #expect(file.tracks[0].events == [
            meta(0, .text(type: 0x03, bytes: Array("Drums".utf8))),
            meta(0, .text(type: 0x06, bytes: [0x41])),
            meta(0, .keySignature(sharps: -3, isMinor: true)),
            meta(0, .other(type: 0x7F, data: [0x00, 0x00, 0x41])),
            meta(0, .timeSignature(MIDITimeSignature(numerator: 6, denominatorPower: 3, clocksPerClick: 36, thirtySecondsPerQuarter: 8))),
        ])
        #expect(file.meterChanges.map(\.timeSignature.meter) == [Meter(beats: 6, noteValue: 8)])
    }

    @Test func unknownChunksAreSkippedSilently() throws {
        let note = F.track([0x00, 0x90, 0x3C, 0x40] + F.endOfTrack)
        let (file, warnings) = try read(F.header(format: 1, tracks: 2) + F.chunk("XFIH", [1, 2, 3, 4]) + note + F.chunk("XFKM", []) + note)
        #expect(warnings == [])
        #expect(file.tracks.count == 2)
    }

    // MARK: Damage read past

    @Test func missingEndOfTrack() throws {
        let (file, warnings) = try read(F.header() + F.track([0x00, 0x90, 0x3C, 0x40, 0x60, 0x3C, 0x00]))
        #expect(warnings == ["offset 29: track 1: no end-of-track event"])
        #expect(file.tracks[0].events.count == 2)
        #expect(file.tracks[0].endTick == 96)
    }

    @Test func junkAfterTheLastChunk() throws {
        let (file, warnings) = try read(F.twoNotes + [0x00, 0x0D, 0x0A])
        #expect(warnings == ["offset \(F.twoNotes.count): ignored 3 bytes after the last chunk"])
        #expect(file.noteOns.count == 2)
        let (_, printable) = try read(F.twoNotes + Array("garbage!garbage!".utf8))
        #expect(printable == ["offset \(F.twoNotes.count + 4): chunk \"garb\": length 1634166049 runs past the end of the file; ignored"])
    }

    @Test func junkBetweenChunks() throws {
        let note = F.track([0x00, 0x90, 0x3C, 0x40] + F.endOfTrack)
        let (file, warnings) = try read(F.header(format: 1, tracks: 2) + note + [0x00, 0xFF, 0x13] + note)
        #expect(warnings == ["offset 30: skipped 3 bytes that are not a chunk"])
        #expect(file.tracks.count == 2)
    }

    @Test func truncatedFinalTrackKeepsWhatIsThere() throws {
        let bytes = F.header(format: 1, tracks: 2) + F.track([0x00, 0x90, 0x3C, 0x40] + F.endOfTrack)
            + F.track([0x00, 0x90, 0x3C, 0x40, 0x60, 0x3E, 0x40, 0x60, 0x40], length: 40)
        let (file, warnings) = try read(bytes)
        #expect(warnings == [
            "offset 34: track 2: chunk length 40 runs past the end of the file; reading the 9 bytes there are",
            "offset 45: track 2: the track ends inside a channel message",
        ])
        #expect(file.tracks[1].events.map(\.tick) == [0, 96])
        #expect(file.tracks[1].endTick == 96)
        #expect(file.noteOns.count == 3)
    }

    @Test func trackCountDiffersFromTheHeader() throws {
        let (_, warnings) = try read(F.header(tracks: 2) + F.track(F.endOfTrack))
        #expect(warnings == ["offset 10: header: announces 2 tracks, the file has 1"])
        let twoTracks = F.header(format: 0, tracks: 2) + F.track(F.endOfTrack) + F.track(F.endOfTrack)
        #expect(try read(twoTracks).warnings == ["offset 8: header: format 0 holds one track, the file has 2; all are kept"])
    }

    @Test func damagedEventsEndTheTrackButNotTheFile() throws {
        let cases: [([UInt8], String)] = [
            ([0x00, 0x3C, 0x40], "offset 23: track 1: data byte 0x3C with no status byte before it; the rest of the track is ignored"),
            ([0x81, 0x80, 0x80, 0x80, 0x00, 0x90, 0x3C, 0x40], "offset 22: track 1: delta-time is longer than 4 bytes; the rest of the track is ignored"),
            ([0x00, 0xF0, 0xFF, 0xFF, 0xFF, 0x7F, 0x01], "offset 24: track 1: system exclusive: length 268435455 runs past the end of the track"),
            ([0x00, 0xFF, 0x01, 0x8F, 0xFF, 0xFF, 0xFF, 0x7F], "offset 25: track 1: meta event 0x01: length is longer than 4 bytes"),
            ([0x00, 0xF8], "offset 23: track 1: status byte 0xF8 cannot start an event in a MIDI file; the rest of the track is ignored"),
            ([0x00, 0x90, 0x3C, 0xC0], "offset 25: track 1: expected a data byte, found 0xC0; the rest of the track is ignored"),
            ([0x00, 0x90, 0x3C], "offset 22: track 1: the track ends inside a channel message"),
            ([0x00, 0xFF], "offset 22: track 1: the track ends inside a meta event"),
            ([0x00, 0xFF, 0x51, 0x03, 0x00, 0x00, 0x00], "offset 22: track 1: tempo of 0 microseconds per quarter note is not valid; ignored"),
            ([0x00, 0xFF, 0x58, 0x02, 0x00, 0x02], "offset 22: track 1: time signature 0x00 0x02 is not valid; ignored"),
            ([0x00, 0xFF, 0x2F, 0x00, 0x00, 0x00], "offset 26: track 1: ignored 2 bytes after end-of-track"),
            ([0x80], "offset 22: track 1: the track ends inside a delta-time"),
            ([0x00], "offset 23: track 1: the track ends after a delta-time, before its event"),
        ]
        for (body, expected) in cases {
            let next = F.track([0x00, 0x90, 0x3C, 0x40] + F.endOfTrack)
            let (file, warnings) = try read(F.header(format: 1, tracks: 2) + F.track(body) + next)
            #expect(warnings.first == expected, "\(body)")
            #expect(file.tracks.count == 2, "\(body)")
            #expect(file.noteOns.count == 1, "\(body)")
        }
    }

    // MARK: What cannot be read

    @Test func headerErrors() {
        let cases: [([UInt8], String)] = [
            ([], "offset 0: header: not a Standard MIDI File (it does not start with MThd)"),
            (Array("RIFF".utf8) + [0, 0, 0, 0], "offset 0: header: not a Standard MIDI File (it does not start with MThd)"),
            (Array(F.twoNotes.prefix(10)), "offset 10: header: the file ends inside the header, after 10 bytes"),
            (Array("MThd".utf8) + [0, 0, 0, 2, 0, 0, 0, 1, 1, 0xE0], "offset 4: header: length 2 is too short (6 expected)"),
            (Array("MThd".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1, 1, 0xE0], "offset 4: header: length 2147483647 runs past the end of the file"),
            (F.header(format: 3) + F.track(F.endOfTrack), "offset 8: header: format 3 is not valid (0, 1 or 2)"),
            (F.header(division: [0, 0]) + F.track(F.endOfTrack), "offset 12: header: division 0 is not valid"),
            (F.header(division: [0xE6, 0x28]) + F.track(F.endOfTrack), "offset 12: header: SMPTE division of 26 frames per second is not valid (24, 25, 29 or 30)"),
            (F.header(division: [0xE2, 0x00]) + F.track(F.endOfTrack), "offset 13: header: SMPTE division of 0 ticks per frame is not valid"),
        ]
        for (bytes, expected) in cases {
            #expect(throws: SMFError.self, "\(expected)") { try MIDIFile.read(bytes) }
            do {
                _ = try MIDIFile.read(bytes)
            } catch {
                #expect(error.description == expected)
            }
        }
    }

    @Test func aLongerHeaderIsSkipped() throws {
        let header = Array("MThd".utf8) + [0, 0, 0, 8, 0, 0, 0, 1, 0, 0x60, 0xAA, 0xBB]
        let (file, warnings) = try read(header + F.track([0x00, 0x90, 0x3C, 0x40] + F.endOfTrack))
        #expect(warnings == [])
        #expect(file.division == .ticksPerQuarter(96))
        #expect(file.noteOns.count == 1)
    }
}
