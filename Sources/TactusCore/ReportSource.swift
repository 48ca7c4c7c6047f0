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

    public init(kind: Kind, file: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.file = file
        self.detail = detail
    }
}
