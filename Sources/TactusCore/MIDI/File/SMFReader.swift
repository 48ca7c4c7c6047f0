/// Reads the chunks and events of a Standard MIDI File. Every length read from
/// the file is checked against the bytes that remain before anything is
/// sliced or allocated, so a damaged or hostile file costs time and memory in
/// proportion to its size.
struct SMFReader {
    let bytes: [UInt8]
    let channelMessages: SMFChannelMessages
    private(set) var warnings: [SMFWarning] = []

    init(bytes: [UInt8], channelMessages: SMFChannelMessages = .all) {
        self.bytes = bytes
        self.channelMessages = channelMessages
    }

    private static let headerType: [UInt8] = Array("MThd".utf8)
    private static let trackType: [UInt8] = Array("MTrk".utf8)

    mutating func readFile() throws(SMFError) -> MIDIFile {
        guard bytes.count >= 4, matches(Self.headerType, at: 0) else {
            throw SMFError(offset: 0, message: "header: not a Standard MIDI File (it does not start with MThd)")
        }
        guard bytes.count >= 14 else {
            throw SMFError(offset: bytes.count, message: "header: the file ends inside the header, after \(bytes.count) bytes")
        }
        let headerLength = uint32(at: 4)
        guard headerLength >= 6 else {
            throw SMFError(offset: 4, message: "header: length \(headerLength) is too short (6 expected)")
        }
        guard headerLength <= bytes.count - 8 else {
            throw SMFError(offset: 4, message: "header: length \(headerLength) runs past the end of the file")
        }
        let formatNumber = uint16(at: 8)
        guard let format = MIDIFile.Format(rawValue: formatNumber) else {
            throw SMFError(offset: 8, message: "header: format \(formatNumber) is not valid (0, 1 or 2)")
        }
        let announcedTracks = uint16(at: 10)
        let division = try readDivision(at: 12)

        var tracks: [MIDIFileTrack] = []
        var offset = 8 + headerLength
        while offset < bytes.count {
            let remaining = bytes.count - offset
            guard remaining >= 8, isChunkType(at: offset) else {
                if let next = nextTrackChunk(after: offset) {
                    warn(offset, "skipped \(next - offset) bytes that are not a chunk")
                    offset = next
                    continue
                }
                warn(offset, "ignored \(remaining) bytes after the last chunk")
                break
            }
            let length = uint32(at: offset + 4)
            let start = offset + 8
            let available = bytes.count - start
            if matches(Self.trackType, at: offset) {
                let number = tracks.count + 1
                let truncated = length > available
                if truncated {
                    warn(offset + 4, "track \(number): chunk length \(length) runs past the end of the file; reading the \(available) bytes there are")
                }
                tracks.append(readTrack(number: number, from: start, to: truncated ? bytes.count : start + length, truncated: truncated))
            } else if length > available {
                warn(offset + 4, "chunk \(chunkName(at: offset)): length \(length) runs past the end of the file; ignored")
            }
            guard length <= available else { break }
            offset = start + length
        }

        if tracks.count != announcedTracks {
            warn(10, "header: announces \(announcedTracks) tracks, the file has \(tracks.count)")
        }
        if format == .singleTrack && tracks.count > 1 {
            warn(8, "header: format 0 holds one track, the file has \(tracks.count); all are kept")
        }
        return MIDIFile(format: format, division: division, tracks: tracks)
    }

    private func readDivision(at offset: Int) throws(SMFError) -> MIDIFileDivision {
        let high = bytes[offset]
        let low = bytes[offset + 1]
        if high & 0x80 == 0 {
            let ticks = Int(high) << 8 | Int(low)
            guard ticks > 0 else {
                throw SMFError(offset: offset, message: "header: division 0 is not valid")
            }
            return .ticksPerQuarter(ticks)
        }
        let framesPerSecond = -Int(Int8(bitPattern: high))
        guard [24, 25, 29, 30].contains(framesPerSecond) else {
            throw SMFError(offset: offset, message: "header: SMPTE division of \(framesPerSecond) frames per second is not valid (24, 25, 29 or 30)")
        }
        guard low > 0 else {
            throw SMFError(offset: offset + 1, message: "header: SMPTE division of 0 ticks per frame is not valid")
        }
        return .smpte(framesPerSecond: framesPerSecond, ticksPerFrame: Int(low))
    }

    // MARK: Tracks

    private mutating func readTrack(number: Int, from start: Int, to end: Int, truncated: Bool) -> MIDIFileTrack {
        let track = "track \(number)"
        var events: [MIDIFileEvent] = []
        var position = start
        var tick = 0
        var running: UInt8 = 0
        var endTick: Int?
        /// Of the last event read, kept or not.
        var lastTick: Int?
        var damaged = false
        /// Warns about damage that ends the track: the caller stops reading.
        func stop(_ offset: Int, _ message: String) {
            warn(offset, "\(track): \(message)")
            damaged = true
        }

        reading: while position < end {
            let eventStart = position
            let delta: Int
            switch variableLength(at: position, end: end) {
            case .value(let value, let next):
                delta = value
                position = next
            case .truncated:
                stop(eventStart, "the track ends inside a delta-time")
                break reading
            case .tooLong:
                stop(eventStart, "delta-time is longer than 4 bytes; the rest of the track is ignored")
                break reading
            }
            tick += delta
            guard position < end else {
                stop(position, "the track ends after a delta-time, before its event")
                break
            }

            var status = bytes[position]
            if status < 0x80 {
                guard running != 0 else {
                    stop(position, "data byte \(hex(status)) with no status byte before it; the rest of the track is ignored")
                    break
                }
                status = running
            } else {
                position += 1
            }

            switch status {
            case 0x80...0xEF:
                running = status
                let needed = MIDIChannelVoiceMessage.dataByteCount(status: status)
                guard end - position >= needed else {
                    stop(eventStart, "the track ends inside a channel message")
                    break reading
                }
                let data1 = bytes[position]
                let data2 = needed == 2 ? bytes[position + 1] : 0
                guard data1 < 0x80, data2 < 0x80 else {
                    let bad = data1 >= 0x80 ? position : position + 1
                    stop(bad, "expected a data byte, found \(hex(bytes[bad])); the rest of the track is ignored")
                    break reading
                }
                position += needed
                let message = MIDIChannelVoiceMessage(status: status, data1: data1, data2: data2)
                lastTick = tick
                if channelMessages == .all || message.isNoteOn {
                    events.append(MIDIFileEvent(tick: tick, message: .channelVoice(message)))
                }

            case 0xF0, 0xF7:
                guard let (data, next) = readData(at: position, end: end, what: "\(track): system exclusive") else {
                    damaged = true
                    break reading
                }
                position = next
                lastTick = tick
                events.append(MIDIFileEvent(tick: tick, message: status == 0xF0 ? .systemExclusive(data) : .escape(data)))

            case 0xFF:
                guard position < end else {
                    stop(eventStart, "the track ends inside a meta event")
                    break reading
                }
                let type = bytes[position]
                guard let (data, next) = readData(at: position + 1, end: end, what: "\(track): meta event \(hex(type))") else {
                    damaged = true
                    break reading
                }
                position = next
                if type == MIDIMetaEvent.endOfTrackType {
                    endTick = tick
                    break reading
                }
                lastTick = tick
                events.append(MIDIFileEvent(tick: tick, message: .meta(metaEvent(type: type, data: data, at: eventStart, track: track))))

            default:
                stop(position - 1, "status byte \(hex(status)) cannot start an event in a MIDI file; the rest of the track is ignored")
                break reading
            }
        }

        if endTick != nil, position < end {
            warn(position, "\(track): ignored \(end - position) bytes after end-of-track")
        } else if endTick == nil, !damaged, !truncated {
            warn(end, "\(track): no end-of-track event")
        }
        return MIDIFileTrack(events: events, endTick: endTick ?? lastTick ?? 0)
    }

    /// A length-prefixed block of data (sysex and meta events).
    private mutating func readData(at offset: Int, end: Int, what: String) -> (data: [UInt8], next: Int)? {
        switch variableLength(at: offset, end: end) {
        case .value(let length, let start):
            guard length <= end - start else {
                warn(offset, "\(what): length \(length) runs past the end of the track")
                return nil
            }
            return (Array(bytes[start..<start + length]), start + length)
        case .truncated:
            warn(offset, "\(what): the track ends inside its length")
            return nil
        case .tooLong:
            warn(offset, "\(what): length is longer than 4 bytes")
            return nil
        }
    }

    private mutating func metaEvent(type: UInt8, data: [UInt8], at offset: Int, track: String) -> MIDIMetaEvent {
        switch type {
        case 0x01...0x0F:
            return .text(type: type, bytes: data)
        case MIDIMetaEvent.tempoType:
            guard data.count >= 3 else {
                warn(offset, "\(track): tempo event has \(data.count) data bytes (3 expected); ignored")
                return .other(type: type, data: data)
            }
            let microseconds = Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2])
            guard microseconds > 0 else {
                warn(offset, "\(track): tempo of 0 microseconds per quarter note is not valid; ignored")
                return .other(type: type, data: data)
            }
            if data.count > 3 {
                warn(offset, "\(track): tempo event has \(data.count) data bytes (3 expected); the first 3 are used")
            }
            return .tempo(microsecondsPerQuarter: microseconds)
        case MIDIMetaEvent.timeSignatureType:
            guard data.count >= 2, data[0] > 0, data[1] <= 7 else {
                warn(offset, "\(track): time signature \(hexList(data)) is not valid; ignored")
                return .other(type: type, data: data)
            }
            if data.count != 4 {
                warn(offset, "\(track): time signature has \(data.count) data bytes (4 expected)")
            }
            return .timeSignature(MIDITimeSignature(
                numerator: Int(data[0]), denominatorPower: Int(data[1]),
                clocksPerClick: data.count > 2 ? Int(data[2]) : 24,
                thirtySecondsPerQuarter: data.count > 3 ? Int(data[3]) : 8
            ))
        case MIDIMetaEvent.keySignatureType:
            let sharps = data.count == 2 ? Int8(bitPattern: data[0]) : 0
            guard data.count == 2, (-7...7).contains(sharps), data[1] <= 1 else {
                warn(offset, "\(track): key signature \(hexList(data)) is not valid; ignored")
                return .other(type: type, data: data)
            }
            return .keySignature(sharps: sharps, isMinor: data[1] == 1)
        default:
            return .other(type: type, data: data)
        }
    }

    // MARK: Bytes

    enum VariableLength {
        case value(Int, next: Int)
        case truncated
        /// More than four bytes: beyond the format's 0x0FFFFFFF.
        case tooLong
    }

    /// A variable-length quantity: 7 bits a byte, high bit set on all but the last, at most 4 bytes.
    func variableLength(at offset: Int, end: Int) -> VariableLength {
        var value = 0
        var position = offset
        while position < end {
            let byte = bytes[position]
            value = value << 7 | Int(byte & 0x7F)
            position += 1
            if byte < 0x80 { return .value(value, next: position) }
            if position - offset == 4 { return .tooLong }
        }
        return .truncated
    }

    private func uint16(at offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func uint32(at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private func matches(_ type: [UInt8], at offset: Int) -> Bool {
        offset + 4 <= bytes.count && bytes[offset..<offset + 4].elementsEqual(type)
    }

    /// Chunk types are four printable ASCII characters.
    private func isChunkType(at offset: Int) -> Bool {
        (offset..<offset + 4).allSatisfy { (0x20...0x7E).contains(bytes[$0]) }
    }

    private func chunkName(at offset: Int) -> String {
        "\"" + String(decoding: bytes[offset..<offset + 4], as: UTF8.self) + "\""
    }

    private func nextTrackChunk(after offset: Int) -> Int? {
        var candidate = offset + 1
        while candidate + 8 <= bytes.count {
            if matches(Self.trackType, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private mutating func warn(_ offset: Int, _ message: String) {
        warnings.append(SMFWarning(offset: offset, message: message))
    }
}

private func hexList(_ bytes: [UInt8]) -> String {
    bytes.isEmpty ? "(empty)" : bytes.map(hex).joined(separator: " ")
}

private func hex(_ byte: UInt8) -> String {
    "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
}

private extension MIDIChannelVoiceMessage {
    var isNoteOn: Bool {
        if case .noteOn = self { true } else { false }
    }
}

/// Why a Standard MIDI File cannot be read: where, and what is wrong, e.g.
/// `offset 12: header: division 0 is not valid`.
public struct SMFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the file.
    public var offset: Int
    /// What is wrong, starting with the part of the file ("header: …").
    public var message: String

    public var description: String { "offset \(offset): \(message)" }
}

/// Damage a MIDI file reader read past, e.g.
/// `offset 210: track 2: no end-of-track event`.
public struct SMFWarning: Hashable, Sendable, CustomStringConvertible {
    /// Byte offset in the file.
    public var offset: Int
    /// What was wrong and what was kept, starting with the part of the file.
    public var message: String

    public var description: String { "offset \(offset): \(message)" }
}
