/// A click layer over the main click: `count` evenly spaced clicks in each
/// bar (a polyrhythm: `--poly 3:4`, three against the four beats of 4/4) or
/// in each beat (`--poly-span beat`), with accents and a sound of its own.
/// A layer adds to the click and changes nothing of it: the main click, the
/// MIDI clock and the JACK transport are the same with it and without.
public struct ClickLayer: Hashable, Sendable {
    /// What `count` clicks divide evenly.
    public enum Span: String, Hashable, Sendable, CaseIterable {
        case bar
        case beat
    }

    /// Clicks in each span, 1–16.
    public var count: Int
    public var span: Span
    /// One level per click of the span (repeating); nil: the first click of
    /// each span accented, the others normal.
    public var accents: AccentPattern?
    /// A voice name or a WAV file; nil: `defaultSound`.
    public var sound: String?
    /// Volume multiplier, 0–10; nil: 1.
    public var volume: Double?

    public init(count: Int, span: Span = .bar, accents: AccentPattern? = nil, sound: String? = nil, volume: Double? = nil) {
        self.count = count
        self.span = span
        self.accents = accents
        self.sound = sound
        self.volume = volume
    }

    public static let allowedCount = 1...16
    /// Most layers a click carries (the engine holds that many).
    @inlinable public static var capacity: Int {
        @_noLocks @_noAllocation get { 4 }
    }
    /// A layer's sound unless it names one: a voice unlike the main click's default.
    public static let defaultSound = "beep"

    /// Checks `layers`, and their volumes only when `volumes` (a config checks
    /// them, a timeline does not).
    static func validate(_ layers: [ClickLayer], volumes: Bool) throws(SettingError) {
        guard layers.count <= capacity else {
            throw SettingError(field: "layers", message: "\(layers.count) layers is more than \(capacity)")
        }
        for (index, layer) in layers.enumerated() {
            guard allowedCount.contains(layer.count) else {
                throw SettingError(field: "layers[\(index)].count", message: "\(layer.count) clicks is outside \(OptionHelp.range(allowedCount))")
            }
            if volumes, let volume = layer.volume, !ClickSound.allowedVolume.contains(volume) {
                throw SettingError(field: "layers[\(index)].volume", message: "\(NumberText.plain(volume)) is outside 0–10")
            }
            if let accents = layer.accents, accents.levels.count > AccentCode.capacity {
                throw SettingError(
                    field: "layers[\(index)].accents", message: "\(accents.levels.count) clicks is more than \(AccentCode.capacity)")
            }
        }
    }

    /// The layer's clicks in the engine's terms (plain values).
    public var code: ClickLayerCode {
        let levels = accents?.levels ?? []
        let packed = AccentCode.pack(levels)
        return ClickLayerCode(
            count: count, perBar: span == .bar, accentCount: min(levels.count, AccentCode.capacity),
            accentLow: packed.low, accentHigh: packed.high)
    }
}

/// A click layer as the realtime engine holds it: plain values, accents
/// packed as a segment packs them.
public struct ClickLayerCode: Hashable, Sendable, BitwiseCopyable {
    public var count: Int
    /// Counted in bars (true) or in beats.
    public var perBar: Bool
    public var accentCount: Int
    public var accentLow: UInt64
    public var accentHigh: UInt64

    @inlinable @_noLocks @_noAllocation
    init(count: Int, perBar: Bool, accentCount: Int, accentLow: UInt64, accentHigh: UInt64) {
        self.count = count
        self.perBar = perBar
        self.accentCount = accentCount
        self.accentLow = accentLow
        self.accentHigh = accentHigh
    }

    /// A harmless layer for preallocated memory.
    @inlinable public static var placeholder: ClickLayerCode {
        @_noLocks @_noAllocation get { ClickLayerCode(count: 1, perBar: true, accentCount: 0, accentLow: 0, accentHigh: 0) }
    }

    /// The level of the layer's click number `note` (from 0) of its span, as
    /// `ClickLevel.rawValue`s (accent 0, beat 1, soft 2), or -1 for a silent one.
    /// Realtime: bit arithmetic.
    @inlinable @_noLocks @_noAllocation
    public func levelCode(note: Int) -> Int {
        guard accentCount > 0 else { return note == 0 ? 0 : 1 }
        return AccentCode.levelCode(AccentCode.code(at: note % accentCount, low: accentLow, high: accentHigh))
    }
}

/// One click of a layer: its frame, its bar and the beat it falls in or
/// after, its number in its span (from 1: "the 2nd of the 3"), its level.
public struct LayerClick: Hashable, Sendable {
    public var frame: Int64
    public var bar: Int
    public var beat: Int
    public var note: Int
    public var level: ClickLevel
}
