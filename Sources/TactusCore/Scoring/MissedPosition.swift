/// An expected grid position that passed with no hit inside the ok window.
public struct MissedPosition: Hashable, Sendable {
    /// Exact frame of the grid position.
    public var frame: Int64
    /// Seconds from the grid origin to `frame`.
    public var timeS: Double
    public var position: GridPosition
    /// In a bar where a gap pattern silenced the click.
    public var muted = false
    /// The preset or setlist song in force, if any.
    public var preset: String?
}

extension MissedPosition: Codable {
    enum CodingKeys: String, CodingKey {
        case frame, timeS, bar, beat, subdivision, muted, preset
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            frame: try c.decode(Int64.self, forKey: .frame),
            timeS: try c.decode(Double.self, forKey: .timeS),
            position: try c.decodeGridPosition(),
            muted: try c.decodeIfPresent(Bool.self, forKey: .muted) ?? false,
            preset: try c.decodeIfPresent(String.self, forKey: .preset))
    }

    /// The journal's line (numbers exact); a report file's misses are written
    /// by `PracticeReport.writeJSON`.
    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(frame, forKey: .frame)
        try c.seconds(timeS, forKey: .timeS)
        try c.container.encodeFlat(position)
        if muted { try c.encode(true, forKey: .muted) }
        try c.encodeIfPresent(preset, forKey: .preset)
    }
}
