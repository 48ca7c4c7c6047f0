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

extension MissedPosition: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        self.init(
            frame: try c.decode(Int64.self, forKey: .frame),
            timeS: try c.decode(Double.self, forKey: .timeS),
            position: try c.decodeGridPosition(),
            muted: try c.decodeIfPresent(Bool.self, forKey: .muted) ?? false,
            preset: try c.decodeIfPresent(String.self, forKey: .preset))
    }
}
