/// A meta event (FF type length data) other than end-of-track.
public enum MIDIMetaEvent: Hashable, Sendable {
    /// Types 01–0F: text, copyright, track name (03), instrument, lyric,
    /// marker (06), cue point, …; the bytes are not necessarily UTF-8.
    case text(type: UInt8, bytes: [UInt8])
    /// FF 51: microseconds per quarter note, 1…16777215.
    case tempo(microsecondsPerQuarter: Int)
    /// FF 58
    case timeSignature(MIDITimeSignature)
    /// FF 59: sharps (positive) or flats (negative), -7…7, and major or minor.
    case keySignature(sharps: Int8, isMinor: Bool)
    /// Any other meta event, and a known one whose data is not valid.
    case other(type: UInt8, data: [UInt8])

    public static let trackNameType: UInt8 = 0x03
    public static let markerType: UInt8 = 0x06
    static let endOfTrackType: UInt8 = 0x2F
    static let tempoType: UInt8 = 0x51
    static let timeSignatureType: UInt8 = 0x58
    static let keySignatureType: UInt8 = 0x59
}
