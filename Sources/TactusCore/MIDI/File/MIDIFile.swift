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
