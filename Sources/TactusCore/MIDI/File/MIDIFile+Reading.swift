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
