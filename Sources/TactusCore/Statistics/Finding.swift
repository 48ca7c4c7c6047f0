/// One claim the report makes about the player's timing, with its evidence:
/// the estimate, its 95 % interval and the number of hits behind it. Text,
/// HTML and summaries render advice from findings alone.
public struct Finding: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case overall, beat, subdivision, drift, swing, consistency
        /// One place of the beat in every bar (`beat` and `subdivision`): the & of 2.
        case position
        /// Bars a gap pattern silenced against bars with click: `late` when
        /// the player is later without the click.
        case withoutClick
        /// Group sessions: one player ahead of or behind another.
        case asynchrony
        /// Group sessions: one player corrects toward the other.
        case adaptation
        /// One voice of the kit (`voice`) ahead of or behind the player's
        /// average, beats and positions taken out; with `aspect` `spread`,
        /// a voice that scatters more than the others.
        case voice
        /// Two voices played together (`voices`) that land apart: the first
        /// minus the second.
        case flam
        /// How hard a voice is played (`aspect`): `position`, `ghosts` or
        /// `coupling`; the estimate in MIDI velocity.
        case dynamics
        /// The tempo of a take played without a click (`aspect`): `step`
        /// (the tempo from bar `bars[0]` on against before it, in BPM),
        /// `drift` (BPM a minute), `section` (`bars` played faster or
        /// slower than the take's trend, in BPM) or `steadiness` (the SD of
        /// the bars' tempi around the trend, in BPM; told, not claimed).
        case tempo
    }

    /// `late`: behind the grid (for drift: getting later; for swing: the
    /// short note comes late, i.e. swung, or more swung than a swung click;
    /// for asynchrony: the first of `players` behind the second; for
    /// adaptation: the first follows the second; for a flam: the first of
    /// `voices` after the second). `early`: the opposite. A
    /// `consistency` finding makes no claim of direction: it carries the side
    /// the player's mean falls on.
    public enum Direction: String, Hashable, Sendable, Codable {
        case late, early
        /// Dynamics: played harder, or softer.
        case louder, softer
        /// A voice's spread (`voice` with `aspect` `spread`): scattered more.
        case wider
        /// Tempo: getting faster or slower, or a section above or below the trend.
        case faster, slower
    }

    public var kind: Kind
    /// The beat of the bar (from 1) for `beat` findings (the stroke on it) and `position` findings.
    public var beat: Int?
    /// The subdivision within the beat (from 1) for `subdivision`, `position` and `swing` findings.
    public var subdivision: Int?
    public var direction: Direction
    /// ms (`overall`, `beat`, `subdivision`, `position`, `withoutClick`: the
    /// tendency; `consistency`: the spread left once the claimed tendencies
    /// are taken out, an SD), ms/min (`drift`) or a ratio (`swing`).
    public var estimate: Double
    /// "ms", "ms/min" or "ratio" (long:short as long / (long + short)).
    public var unit: String
    /// The 95 % interval of `estimate`: [low, high].
    public var ci95: [Double]
    /// Hits behind the estimate (hits at one grid position count once).
    public var n: Int
    public var text: String
    /// Group sessions: the two players an `asynchrony` or `adaptation`
    /// finding is about, in the pair's order; nil for a single player's.
    public var players: [String]?
    /// The voice a `voice` finding is about.
    public var voice: String?
    /// The two voices of a `flam` finding, in the order of its estimate;
    /// of a `coupling` one, the voice and the one it moves with.
    public var voices: [String]?
    /// What a `dynamics` finding is about: `position` (a part of the beat
    /// against the voice's others), `ghosts` (the snare's notes between the
    /// beats against its backbeats) or `coupling` (the voice with the other
    /// against without it).
    public var aspect: String?
    /// The first and last bar of a `tempo` `section`; a `step`'s bar twice.
    public var bars: [Int]?
}

extension Finding {
    enum CodingKeys: String, CodingKey {
        case kind, beat, subdivision, direction, estimate, unit, ci95, n, text, players, voice, voices, aspect, bars
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let ci95 = try c.decode([Double].self, forKey: .ci95)
        guard ci95.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .ci95, in: c, debugDescription: "must be [low, high], got \(ci95.count) numbers")
        }
        self.init(
            kind: try c.decode(Kind.self, forKey: .kind), beat: try c.decodeIfPresent(Int.self, forKey: .beat),
            subdivision: try c.decodeIfPresent(Int.self, forKey: .subdivision),
            direction: try c.decode(Direction.self, forKey: .direction), estimate: try c.decode(Double.self, forKey: .estimate),
            unit: try c.decode(String.self, forKey: .unit), ci95: ci95, n: try c.decode(Int.self, forKey: .n),
            text: try c.decode(String.self, forKey: .text), players: try c.decodeIfPresent([String].self, forKey: .players),
            voice: try c.decodeIfPresent(String.self, forKey: .voice), voices: try c.decodeIfPresent([String].self, forKey: .voices),
            aspect: try c.decodeIfPresent(String.self, forKey: .aspect), bars: try c.decodeIfPresent([Int].self, forKey: .bars))
    }

    /// Numbers to 3 decimals like the rest of the report (exactly for the journal).
    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(beat, forKey: .beat)
        try c.encodeIfPresent(subdivision, forKey: .subdivision)
        try c.encode(direction, forKey: .direction)
        try c.milliseconds([.estimate: estimate])
        try c.encode(unit, forKey: .unit)
        try c.milliseconds(ci95, forKey: .ci95)
        try c.encode(n, forKey: .n)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(players, forKey: .players)
        try c.encodeIfPresent(voice, forKey: .voice)
        try c.encodeIfPresent(voices, forKey: .voices)
        try c.encodeIfPresent(aspect, forKey: .aspect)
        try c.encodeIfPresent(bars, forKey: .bars)
    }
}
