import Foundation

/// A made-up drummer with known habits, for demos and end-to-end tests: plays
/// a groove (hi-hat on every eighth, kick on odd beats, snare on even beats)
/// against a timeline with a steady tendency, drift, per-beat and per-position bias, swing,
/// random spread and the odd missed note. Every note's offset from the grid is known
/// to the frame, so whatever scores the performance can be checked exactly.
public struct SimulatedPlayer: Hashable, Sendable {
    public var seed: UInt64
    /// Overall tendency: positive drags, negative rushes.
    public var meanOffsetMs: Double
    /// Spread of the random part (normal distribution).
    public var spreadMs: Double
    /// Offset change per minute of playing.
    public var driftMsPerMinute: Double
    /// Extra offset on each beat of the bar (cycled when shorter than the bar).
    public var beatBiasMs: [Double]
    /// Chance that a note is left out.
    public var missProbability: Double
    /// The off-beat eighths sit `long/(long+short)` of the way through the
    /// beat instead of half way; nil plays them straight. Offsets stay
    /// measured from the straight grid, so a swung off-beat is late by
    /// (ratio − 1/2) of a beat.
    public var swing: Swing?
    /// Hi-hat notes per beat: 2 (8ths) or 4 (16ths, the & being part 3).
    public var subdivision: Int
    /// Extra offsets on single positions of the beat (parts counted in `subdivision`).
    public var positionBiasMs: [PositionBias]
    /// Extra offset on every note of one drum (by note number: `kick` 36 late by 8).
    public var voiceBiasMs: [UInt8: Double] = [:]
    /// Velocity added to the hi-hat's notes between the beats (soft &s: negative).
    public var hiHatOffBeatVelocity: Double = 0
    /// Snare ghost notes on the last part of every beat (the & in 8ths, the
    /// a in 16ths), this much softer than the backbeat; nil plays none.
    public var ghostNotesSofterBy: Double?
    /// Velocity added to every note on the bar's first beat (its accent).
    public var downbeatAccent: Double = 20
    /// A kick on the & of 2 and the & of 4 in every second bar, a groove's
    /// variation: there the hi-hat plays with the kick in some bars and
    /// alone in the others.
    public var kickOnTheAndsEveryOtherBar = false
    /// Velocity added to the hi-hat's notes where the kick plays with them
    /// (a hat that gets louder with the kick: positive).
    public var hiHatWithKickVelocity: Double = 0
    /// The kick with the snare on the bar's last beat (when the snare plays
    /// it) in every second bar, a groove's variation: there the kick and the
    /// snare meet, so each voice meets each other one somewhere.
    public var kickWithTheSnareEveryOtherBar = false
    /// Extra offset on the hi-hat's notes where the snare plays with them (a
    /// flam only where two voices meet: the hat late with the snare, on
    /// time with the kick and alone).
    public var hiHatWithSnareMs: Double = 0

    public init(
        seed: UInt64 = 1, meanOffsetMs: Double = 6, spreadMs: Double = 9, driftMsPerMinute: Double = -1.4,
        beatBiasMs: [Double] = [0, 0, 0, -9], missProbability: Double = 0.02, swing: Swing? = nil,
        subdivision: Int = 2, positionBiasMs: [PositionBias] = []
    ) {
        self.seed = seed
        self.meanOffsetMs = meanOffsetMs
        self.spreadMs = spreadMs
        self.driftMsPerMinute = driftMsPerMinute
        self.beatBiasMs = beatBiasMs
        self.missProbability = missProbability
        self.swing = swing
        self.subdivision = subdivision
        self.positionBiasMs = positionBiasMs
    }

    /// The offsets, in ms, a tendency, a drift, a spread or a bias may have.
    public static let allowedOffsetMs = -1000.0...1000.0

    public static let hiHat: UInt8 = 42
    public static let kick: UInt8 = 36
    public static let snare: UInt8 = 38

    /// One played note and the offset it was played with.
    public struct Note: Hashable, Sendable {
        public var frame: Int64
        public var note: UInt8
        public var velocity: UInt8
        /// Channel 1–16 (drums on 10).
        public var channel: UInt8
        public var position: GridPosition
        /// `frame` minus the grid frame of `position`.
        public var offsetFrames: Int64
    }

    /// The notes of bars `bars` (from 1), in frame order.
    public func perform(on timeline: Timeline, bars: ClosedRange<Int>) -> [Note] {
        var random = SplitMix64(seed: seed)
        var notes: [Note] = []
        let rate = Double(timeline.sampleRate)
        let parts = subdivision == 4 ? 4 : 2
        for bar in bars {
            let beats = timeline.beatsPerBar(bar: bar)
            for beat in 1...beats {
                for part in 1...parts {
                    let position = GridPosition(bar: bar, beat: beat, subdivision: part)
                    let grid = timeline.frame(of: position, subdivision: parts, swing: nil)
                    // Swing moves the & of the beat; in 16ths the e and the a stay put.
                    var swung: Int64 = 0
                    if let eighth = parts == 2 ? part : (part == 3 ? 2 : nil) {
                        let at = GridPosition(bar: bar, beat: beat, subdivision: eighth)
                        swung = timeline.frame(of: at, subdivision: 2, swing: swing) - timeline.frame(of: at, subdivision: 2, swing: nil)
                    }
                    let minutes = Double(grid - timeline.originFrame) / rate / 60
                    let bias = (beatBiasMs.isEmpty ? 0 : beatBiasMs[(beat - 1) % beatBiasMs.count])
                        + positionBiasMs.reduce(0) { $1.beat == beat && $1.part == part ? $0 + $1.ms : $0 }
                    let human = meanOffsetMs + driftMsPerMinute * minutes + bias + spreadMs * random.nextNormal()
                    var voices: [UInt8] = [Self.hiHat]
                    if part == 1 { voices.append(beat % 2 == 1 ? Self.kick : Self.snare) }
                    if kickOnTheAndsEveryOtherBar, bar % 2 == 0, beat % 2 == 0, part == (parts == 4 ? 3 : 2) { voices.append(Self.kick) }
                    if kickWithTheSnareEveryOtherBar, bar % 2 == 0, beat == beats, beat % 2 == 0, part == 1 { voices.append(Self.kick) }
                    let ghost = ghostNotesSofterBy != nil && part == parts
                    if ghost { voices.append(Self.snare) }
                    for voice in voices {
                        if unit(&random) < missProbability { continue }
                        // Limbs are not perfectly together: a little extra per note.
                        let flam = voice == Self.hiHat && voices.contains(Self.snare) ? hiHatWithSnareMs : 0
                        let ms = human + (voiceBiasMs[voice] ?? 0) + flam + 1.5 * random.nextNormal()
                        let offset = Int64((ms * rate / 1000).rounded()) + swung
                        let accent = beat == 1 && part == 1 ? downbeatAccent : 0
                        let offBeat = voice == Self.hiHat && part > 1 ? hiHatOffBeatVelocity
                            : voice == Self.snare && ghost ? -(ghostNotesSofterBy ?? 0) : 0
                        let withKick = voice == Self.hiHat && voices.contains(Self.kick) ? hiHatWithKickVelocity : 0
                        let velocity = UInt8(max(1, min(127, 90 + accent + offBeat + withKick + 12 * random.nextNormal())))
                        notes.append(Note(
                            frame: grid + offset, note: voice, velocity: velocity, channel: 10, position: position,
                            offsetFrames: offset))
                    }
                }
            }
        }
        return notes.sorted { ($0.frame, $0.note) < ($1.frame, $1.note) }
    }

    func unit(_ random: inout SplitMix64) -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }
}
