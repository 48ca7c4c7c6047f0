/// Where a report's hits came from.
public struct ReportSource: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Played live through JACK.
        case live
        /// Scored from a recorded MIDI file.
        case analyze
        /// Rebuilt from a session journal after an interrupted session.
        case recovered
    }

    public var kind: Kind
    /// The MIDI file analysed or the journal recovered, if any.
    public var file: String?
    /// Anything else worth knowing, e.g. "server default, client tactus".
    public var detail: String?
    /// What the JACK process callback cost during a live session.
    public var processCycle: ProcessCycleCost?

    public init(kind: Kind, file: String? = nil, detail: String? = nil, processCycle: ProcessCycleCost? = nil) {
        self.kind = kind
        self.file = file
        self.detail = detail
        self.processCycle = processCycle
    }
}

/// The process callback's cost over a live session, from the engine host's
/// own meter (JACK's microsecond clock around each cycle's work).
public struct ProcessCycleCost: Hashable, Sendable, Codable {
    public var cycles: Int
    public var worstMicroseconds: Int
    public var meanMicroseconds: Double

    public init(cycles: Int, worstMicroseconds: Int, meanMicroseconds: Double) {
        self.cycles = cycles
        self.worstMicroseconds = worstMicroseconds
        self.meanMicroseconds = meanMicroseconds
    }
}
