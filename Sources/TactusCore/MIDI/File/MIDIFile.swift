/// A Standard MIDI File: its format, its time division and its tracks.
public struct MIDIFile: Hashable, Sendable {
    public enum Format: Int, Hashable, Sendable {
        /// One track holds everything.
        case singleTrack = 0
        /// Tracks that play together; the first usually holds tempo and meter.
        case simultaneousTracks = 1
        /// Independent single-track sequences (the timing helpers still
        /// treat them as playing together).
        case independentTracks = 2
    }

    public var format: Format
    public var division: MIDIFileDivision
    public var tracks: [MIDIFileTrack]

    public init(format: Format, division: MIDIFileDivision, tracks: [MIDIFileTrack]) {
        self.format = format
        self.division = division
        self.tracks = tracks
    }
}

extension MIDIFile {
    /// Reads a Standard MIDI File (formats 0, 1 and 2; PPQ or SMPTE division).
    ///
    /// A header that cannot be read throws. Damage further on is read past and
    /// reported in `warnings`, keeping everything readable: junk after the last
    /// chunk, a missing end-of-track, a track cut short (its events up to the
    /// damage are kept), unknown chunks (skipped silently, as the format asks).
    ///
    /// - Parameter channelMessages: All of them, or only the note-ons.
    public static func read(
        _ bytes: [UInt8], channelMessages: SMFChannelMessages = .all
    ) throws(SMFError) -> (file: MIDIFile, warnings: [SMFWarning]) {
        var reader = SMFReader(bytes: bytes, channelMessages: channelMessages)
        let file = try reader.readFile()
        return (file, reader.warnings)
    }
}
