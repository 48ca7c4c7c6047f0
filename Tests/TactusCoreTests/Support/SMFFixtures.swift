/// Builds Standard MIDI File bytes by hand for the reader's tests.
enum SMFFixtures {
    static func header(format: UInt16 = 0, tracks: UInt16 = 1, division: [UInt8] = [0x01, 0xE0]) -> [UInt8] {
        Array("MThd".utf8) + [0, 0, 0, 6, UInt8(format >> 8), UInt8(format & 0xFF), UInt8(tracks >> 8), UInt8(tracks & 0xFF)] + division
    }

    static func chunk(_ type: String, _ body: [UInt8], length: Int? = nil) -> [UInt8] {
        let length = length ?? body.count
        return Array(type.utf8) + [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
    }

    static func track(_ body: [UInt8], length: Int? = nil) -> [UInt8] {
        chunk("MTrk", body, length: length)
    }

    static let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]

    /// 120 BPM, 4/4, at PPQ 480: C4 then D4, a quarter note each, the first
    /// note-off as a note-on with velocity 0 under running status.
    static let twoNotes: [UInt8] = header() + track([
        0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,
        0x00, 0xFF, 0x58, 0x04, 0x04, 0x02, 0x18, 0x08,
        0x00, 0x90, 0x3C, 0x64,
        0x83, 0x60, 0x3C, 0x00,
        0x00, 0x3E, 0x50,
        0x83, 0x60, 0x80, 0x3E, 0x40,
    ] + endOfTrack)
}
