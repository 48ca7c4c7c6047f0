/// A tempo change that happened during a session, as the report lists it.
public struct ReportTempoChange: Hashable, Sendable, Codable {
    /// Absolute frame of the downbeat where the new tempo starts.
    public var frame: Int64
    public var bar: Int
    public var tempo: Tempo
    /// What changed it, e.g. "plan", "pedal", "tap", "setlist".
    public var cause: String

    public init(frame: Int64, bar: Int, tempo: Tempo, cause: String) {
        self.frame = frame
        self.bar = bar
        self.tempo = tempo
        self.cause = cause
    }

    enum CodingKeys: String, CodingKey {
        case frame, bar, tempo = "bpm", cause
    }
}
