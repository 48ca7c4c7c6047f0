extension MIDIFile {
    /// The file as Standard MIDI File bytes. Each track's events are written in
    /// tick order (stable), channel messages with running status, and an
    /// end-of-track at `endTick` (or the last event, if later). Values are
    /// clamped to what the format holds: PPQ to 1…32767, tempos to
    /// 1…16777215, at most 65535 tracks; a gap longer than a delta-time can
    /// hold (0x0FFFFFFF ticks) is bridged with empty text events.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = Array("MThd".utf8)
        let trackCount = min(tracks.count, 0xFFFF)
        bytes.appendBigEndian(UInt32(6))
        bytes.appendBigEndian(UInt16(format.rawValue))
        bytes.appendBigEndian(UInt16(trackCount))
        switch division {
        case .ticksPerQuarter(let ticks):
            bytes.appendBigEndian(UInt16(min(max(ticks, 1), 0x7FFF)))
        case .smpte(let framesPerSecond, let ticksPerFrame):
            let rate = [24, 25, 29, 30].contains(framesPerSecond) ? framesPerSecond : 30
            bytes.append(UInt8(bitPattern: Int8(-rate)))
            bytes.append(UInt8(min(max(ticksPerFrame, 1), 0xFF)))
        }
        for track in tracks.prefix(trackCount) {
            let body = Self.encodedEvents(of: track)
            bytes.append(contentsOf: Array("MTrk".utf8))
            bytes.appendBigEndian(UInt32(truncatingIfNeeded: body.count))
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    private static func encodedEvents(of track: MIDIFileTrack) -> [UInt8] {
        let ordered = track.events.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        var bytes: [UInt8] = []
        var tick = 0
        var running: UInt8 = 0
        for (_, event) in ordered {
            if bytes.appendDeltaTime(from: &tick, to: event.tick) {
                running = 0
            }
            switch event.message {
            case .channelVoice(let message):
                let encoded = MIDIShortMessage.channelVoice(message).encoded
                if encoded.status != running {
                    bytes.append(encoded.status)
                    running = encoded.status
                }
                bytes.append(encoded.data1)
                if encoded.count == 3 { bytes.append(encoded.data2) }
            case .systemExclusive(let data):
                bytes.append(0xF0)
                bytes.appendBlock(data)
                running = 0
            case .escape(let data):
                bytes.append(0xF7)
                bytes.appendBlock(data)
                running = 0
            case .meta(let meta):
                let (type, data) = meta.encoded
                bytes.append(contentsOf: [0xFF, type])
                bytes.appendBlock(data)
                running = 0
            }
        }
        bytes.appendDeltaTime(from: &tick, to: max(track.endTick, tick))
        bytes.append(contentsOf: [0xFF, MIDIMetaEvent.endOfTrackType, 0x00])
        return bytes
    }
}

extension MIDIMetaEvent {
    /// Type byte and data.
    var encoded: (type: UInt8, data: [UInt8]) {
        switch self {
        case .text(let type, let bytes):
            return (type, bytes)
        case .tempo(let microsecondsPerQuarter):
            let value = min(max(microsecondsPerQuarter, 1), 0xFF_FFFF)
            return (Self.tempoType, [UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
        case .timeSignature(let signature):
            return (Self.timeSignatureType, [
                UInt8(clamping: signature.numerator), UInt8(clamping: signature.denominatorPower),
                UInt8(clamping: signature.clocksPerClick), UInt8(clamping: signature.thirtySecondsPerQuarter),
            ])
        case .keySignature(let sharps, let isMinor):
            return (Self.keySignatureType, [UInt8(bitPattern: sharps), isMinor ? 1 : 0])
        case .other(let type, let data):
            return (type, data)
        }
    }
}

extension [UInt8] {
    /// A variable-length quantity (0…0x0FFFFFFF).
    mutating func appendVariableLength(_ value: Int) {
        var shift = 21
        while shift > 0, value >> shift == 0 { shift -= 7 }
        while shift > 0 {
            append(UInt8(truncatingIfNeeded: value >> shift) & 0x7F | 0x80)
            shift -= 7
        }
        append(UInt8(truncatingIfNeeded: value) & 0x7F)
    }

    /// A length, then the bytes.
    mutating func appendBlock(_ data: [UInt8]) {
        appendVariableLength(Swift.min(data.count, 0x0FFF_FFFF))
        append(contentsOf: data.prefix(0x0FFF_FFFF))
    }

    /// The delta-time from `tick` to `target` (never negative), moving `tick`
    /// there; a delta too long for one is split with empty text events, and
    /// then this returns true (a meta event ends running status).
    @discardableResult
    mutating func appendDeltaTime(from tick: inout Int, to target: Int) -> Bool {
        var delta = Swift.max(target - tick, 0)
        let bridged = delta > 0x0FFF_FFFF
        while delta > 0x0FFF_FFFF {
            appendVariableLength(0x0FFF_FFFF)
            append(contentsOf: [0xFF, 0x01, 0x00])
            delta -= 0x0FFF_FFFF
        }
        appendVariableLength(delta)
        tick = Swift.max(target, tick)
        return bridged
    }
}
