/// One scored note-on: where it fell on the grid and how far from it.
///
/// A session keeps one of these per note-on, so it is stored packed in 64
/// bytes: the bar as 32 bits, beat and subdivision as 16, note, velocity and
/// channel as 8 (values outside those ranges are clamped to them; a report
/// that holds such values is refused when read), an audio stroke's level in
/// tenths of a dB as 16.
public struct ScoredHit: Hashable, Sendable {
    /// Absolute frame of the note-on as received (before latency compensation).
    public var frame: Int64
    /// Exact frame of the grid position it was matched to.
    public var gridFrame: Int64
    /// Seconds from the grid origin to `frame`.
    public var timeS: Double
    /// Hit minus grid position after latency compensation, in ms: positive is late.
    public var offsetMs: Double
    /// The preset or setlist song in force, if any.
    public var preset: String?
    private var bar: Int32
    private var beat: Int16
    private var subdivision: Int16
    /// Tenths of a dBFS; `Int16.min` for a MIDI note.
    private var storedLevel: Int16
    private var storedNote: UInt8
    private var storedVelocity: UInt8
    private var storedChannel: UInt8
    public var grade: HitGrade
    /// Played before bar 1 (count-in): listed but left out of every statistic.
    public var countIn: Bool
    /// Played in a bar where a gap pattern silenced the click: counted in the
    /// "without click" statistics only.
    public var muted: Bool

    public init(
        frame: Int64, gridFrame: Int64, timeS: Double, position: GridPosition, offsetMs: Double,
        note: Int, velocity: Int, channel: Int, levelDb: Double? = nil, grade: HitGrade,
        countIn: Bool = false, muted: Bool = false, preset: String? = nil
    ) {
        self.frame = frame
        self.gridFrame = gridFrame
        self.timeS = timeS
        self.offsetMs = offsetMs
        self.preset = preset
        self.bar = Int32(clamping: position.bar)
        self.beat = Int16(clamping: position.beat)
        self.subdivision = Int16(clamping: position.subdivision)
        self.storedNote = UInt8(clamping: note)
        self.storedVelocity = UInt8(clamping: velocity)
        self.storedChannel = UInt8(clamping: channel)
        self.storedLevel = Self.level(levelDb)
        self.grade = grade
        self.countIn = countIn
        self.muted = muted
    }

    /// The nearest grid position of the scoring subdivision.
    public var position: GridPosition {
        get { GridPosition(bar: Int(bar), beat: Int(beat), subdivision: Int(subdivision)) }
        set {
            bar = Int32(clamping: newValue.bar)
            beat = Int16(clamping: newValue.beat)
            subdivision = Int16(clamping: newValue.subdivision)
        }
    }

    /// MIDI note number 0–127.
    public var note: Int {
        get { Int(storedNote) }
        set { storedNote = UInt8(clamping: newValue) }
    }

    /// MIDI velocity 1–127.
    public var velocity: Int {
        get { Int(storedVelocity) }
        set { storedVelocity = UInt8(clamping: newValue) }
    }

    /// MIDI channel 1–16.
    public var channel: Int {
        get { Int(storedChannel) }
        set { storedChannel = UInt8(clamping: newValue) }
    }

    /// A stroke found in audio: its level in dBFS (to a tenth, from -3276.7
    /// to 3276.7); nil for a MIDI note.
    public var levelDb: Double? {
        get { storedLevel == .min ? nil : Double(storedLevel) / 10 }
        set { storedLevel = Self.level(newValue) }
    }

    /// Heard as audio (a stroke) rather than MIDI (a note-on).
    public var isAudio: Bool { storedLevel != .min }

    private static func level(_ db: Double?) -> Int16 {
        guard let db, !db.isNaN else { return .min }
        return Int16((max(-3276.7, min(3276.7, db)) * 10).rounded())
    }
}

extension ScoredHit: Decodable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ReportField.self)
        let source = try c.decodeIfPresent(String.self, forKey: .source)
        guard source == nil || source == "audio" else {
            throw DecodingError.dataCorruptedError(forKey: .source, in: c, debugDescription: "expected \"audio\" or no source, found \"\(source ?? "")\"")
        }
        let audio = source == "audio"
        let levelDb = audio ? try c.decode(Double.self, forKey: .levelDb) : nil
        if let levelDb, !levelDb.isFinite || abs(levelDb) > 3276.7 {
            throw DecodingError.dataCorruptedError(forKey: .levelDb, in: c, debugDescription: "expected dBFS from -3276.7 to 3276.7, found \(levelDb)")
        }
        self.init(
            frame: try c.decode(Int64.self, forKey: .frame),
            gridFrame: try c.decode(Int64.self, forKey: .gridFrame),
            timeS: try c.decode(Double.self, forKey: .timeS),
            position: GridPosition(
                bar: try Self.stored(Int32.self, .bar, in: c), beat: try Self.stored(Int16.self, .beat, in: c),
                subdivision: try Self.stored(Int16.self, .subdivision, in: c)),
            offsetMs: try c.decode(Double.self, forKey: .offsetMs),
            note: audio ? 0 : try Self.stored(UInt8.self, .note, in: c),
            velocity: audio ? 0 : try Self.stored(UInt8.self, .velocity, in: c),
            channel: audio ? 0 : try Self.stored(UInt8.self, .channel, in: c),
            levelDb: levelDb,
            grade: try c.decode(HitGrade.self, forKey: .grade),
            countIn: try c.decodeIfPresent(Bool.self, forKey: .countIn) ?? false,
            muted: try c.decodeIfPresent(Bool.self, forKey: .muted) ?? false,
            preset: try c.decodeIfPresent(String.self, forKey: .preset))
    }

    /// A whole number that fits the field's packed storage.
    private static func stored<Storage: FixedWidthInteger>(
        _ storage: Storage.Type, _ key: ReportField, in c: KeyedDecodingContainer<ReportField>
    ) throws -> Int {
        let value = try c.decode(Int.self, forKey: key)
        guard Storage(exactly: value) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "expected a whole number from \(Storage.min) to \(Storage.max), found \(value)")
        }
        return value
    }
}
