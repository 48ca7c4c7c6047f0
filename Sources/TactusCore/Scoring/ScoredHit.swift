/// One scored note-on: where it fell on the grid and how far from it.
public struct ScoredHit: Hashable, Sendable {
    /// Absolute frame of the note-on as received (before latency compensation).
    public var frame: Int64
    /// Exact frame of the grid position it was matched to.
    public var gridFrame: Int64
    /// Seconds from the grid origin to `frame`.
    public var timeS: Double
    /// The nearest grid position of the scoring subdivision.
    public var position: GridPosition
    /// Hit minus grid position after latency compensation, in ms: positive is late.
    public var offsetMs: Double
    public var note: Int
    public var velocity: Int
    /// MIDI channel 1–16.
    public var channel: Int
    public var grade: HitGrade
    /// Played before bar 1 (count-in): listed but left out of every statistic.
    public var countIn: Bool
    /// Played in a bar where a gap pattern silenced the click: counted in the
    /// "without click" statistics only.
    public var muted: Bool
    /// The preset or setlist song in force, if any.
    public var preset: String?

    public init(
        frame: Int64, gridFrame: Int64, timeS: Double, position: GridPosition, offsetMs: Double,
        note: Int, velocity: Int, channel: Int, grade: HitGrade,
        countIn: Bool = false, muted: Bool = false, preset: String? = nil
    ) {
        self.frame = frame
        self.gridFrame = gridFrame
        self.timeS = timeS
        self.position = position
        self.offsetMs = offsetMs
        self.note = note
        self.velocity = velocity
        self.channel = channel
        self.grade = grade
        self.countIn = countIn
        self.muted = muted
        self.preset = preset
    }
}

extension ScoredHit: Codable {
    enum CodingKeys: String, CodingKey {
        case frame, gridFrame, timeS, bar, beat, subdivision, offsetMs, note, velocity, channel, grade
        case countIn, muted, preset
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            frame: try c.decode(Int64.self, forKey: .frame),
            gridFrame: try c.decode(Int64.self, forKey: .gridFrame),
            timeS: try c.decode(Double.self, forKey: .timeS),
            position: try c.decodeGridPosition(),
            offsetMs: try c.decode(Double.self, forKey: .offsetMs),
            note: try c.decode(Int.self, forKey: .note),
            velocity: try c.decode(Int.self, forKey: .velocity),
            channel: try c.decode(Int.self, forKey: .channel),
            grade: try c.decode(HitGrade.self, forKey: .grade),
            countIn: try c.decodeIfPresent(Bool.self, forKey: .countIn) ?? false,
            muted: try c.decodeIfPresent(Bool.self, forKey: .muted) ?? false,
            preset: try c.decodeIfPresent(String.self, forKey: .preset))
    }

    public func encode(to encoder: any Encoder) throws {
        let exact = ReportNumber.isExact(encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frame, forKey: .frame)
        try c.encode(gridFrame, forKey: .gridFrame)
        try c.encode(timeS, forKey: .timeS, decimals: ReportNumber.secondDecimals, exact: exact)
        try c.encodeFlat(position)
        try c.encode(offsetMs, forKey: .offsetMs, decimals: ReportNumber.millisecondDecimals, exact: exact)
        try c.encode(note, forKey: .note)
        try c.encode(velocity, forKey: .velocity)
        try c.encode(channel, forKey: .channel)
        try c.encode(grade, forKey: .grade)
        if countIn { try c.encode(true, forKey: .countIn) }
        if muted { try c.encode(true, forKey: .muted) }
        try c.encodeIfPresent(preset, forKey: .preset)
    }
}
