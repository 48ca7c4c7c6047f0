import TactusCore

/// Plays pre-rendered click sounds into an audio buffer: the sounds are copied
/// into memory allocated once, and each cycle only copies samples — nothing is
/// synthesised or allocated while playing. Up to `polyphony` clicks ring at once
/// (a long bell under fast subdivisions); a new click past that replaces the
/// oldest.
///
/// Sounds come in banks of four levels (accent, beat, soft, subdivision): bank
/// 0 is the session's sound, later banks the other sounds a setlist's presets
/// name, so switching presets never loads anything while playing.
public struct ClickPlayer: ~Copyable {
    /// Every level's samples, end to end.
    @usableFromInline let samples: UnsafeMutableBufferPointer<Float>
    /// Start and length of each level in `samples`, indexed by
    /// 4 × bank + ClickLevel.rawValue.
    @usableFromInline let starts: UnsafeMutableBufferPointer<Int>
    @usableFromInline let lengths: UnsafeMutableBufferPointer<Int>
    /// Active voices: level (-1 free) and samples already played.
    @usableFromInline let voiceLevel: UnsafeMutableBufferPointer<Int>
    @usableFromInline let voicePlayed: UnsafeMutableBufferPointer<Int>
    /// Clicks that cut off a still-ringing one, since creation.
    public var stolen: Int
    /// Levels held: 4 per bank.
    public let levelCount: Int

    public static let polyphony = 8

    /// Copies `sounds` (one buffer per ClickLevel, in rawValue order, then the
    /// same for each further bank) into memory it owns (non-realtime).
    public init(sounds: [[Float]]) {
        let total = sounds.reduce(0) { $0 + $1.count }
        let banks = max(1, (sounds.count + 3) / 4)
        levelCount = 4 * banks
        samples = .allocate(capacity: max(total, 1))
        samples.initialize(repeating: 0)
        starts = .allocate(capacity: levelCount)
        starts.initialize(repeating: 0)
        lengths = .allocate(capacity: levelCount)
        lengths.initialize(repeating: 0)
        var offset = 0
        for level in 0..<levelCount where level < sounds.count {
            starts[level] = offset
            lengths[level] = sounds[level].count
            for (index, sample) in sounds[level].enumerated() { samples[offset + index] = sample }
            offset += sounds[level].count
        }
        voiceLevel = .allocate(capacity: Self.polyphony)
        voiceLevel.initialize(repeating: -1)
        voicePlayed = .allocate(capacity: Self.polyphony)
        voicePlayed.initialize(repeating: 0)
        stolen = 0
    }

    deinit {
        samples.deallocate()
        starts.deallocate()
        lengths.deallocate()
        voiceLevel.deallocate()
        voicePlayed.deallocate()
    }

    /// Mixes the rest of every ringing click into `output[0..<frames]`.
    /// Realtime: no allocation, no locks.
    @inlinable @_noLocks @_noAllocation
    public mutating func continueVoices(into output: UnsafeMutablePointer<Float>, frames: Int) {
        var voice = 0
        while voice < Self.polyphony {
            let level = voiceLevel[voice]
            if level >= 0 {
                voicePlayed[voice] = mix(level: level, from: voicePlayed[voice], into: output, at: 0, frames: frames)
                if voicePlayed[voice] >= lengths[level] { voiceLevel[voice] = -1 }
            }
            voice += 1
        }
    }

    /// Starts a click of `level` (4 × bank + ClickLevel.rawValue) at `offset` in this cycle's
    /// `output[0..<frames]`; what does not fit keeps ringing into later cycles.
    /// Realtime: no allocation, no locks.
    @inlinable @_noLocks @_noAllocation
    public mutating func start(level: Int, into output: UnsafeMutablePointer<Float>, at offset: Int, frames: Int) {
        guard level >= 0 && level < levelCount && lengths[level] > 0 else { return }
        var chosen = -1
        var oldest = 0
        var voice = 0
        while voice < Self.polyphony {
            if voiceLevel[voice] < 0 && chosen < 0 { chosen = voice }
            if voicePlayed[voice] > voicePlayed[oldest] { oldest = voice }
            voice += 1
        }
        if chosen < 0 {
            chosen = oldest
            stolen &+= 1
        }
        let played = mix(level: level, from: 0, into: output, at: offset, frames: frames)
        if played < lengths[level] {
            voiceLevel[chosen] = level
            voicePlayed[chosen] = played
        }
    }

    /// Adds samples of `level` from `position` into `output[offset..<frames]`;
    /// returns the new position.
    @inlinable @_noLocks @_noAllocation
    func mix(level: Int, from position: Int, into output: UnsafeMutablePointer<Float>, at offset: Int, frames: Int) -> Int {
        let length = lengths[level]
        let base = starts[level]
        var source = position
        var target = offset
        while target < frames && source < length {
            output[target] += samples[base + source]
            source += 1
            target += 1
        }
        return source
    }

    /// Silences every ringing click (e.g. on stop).
    /// Realtime: no allocation, no locks.
    @inlinable @_noLocks @_noAllocation
    public mutating func silence() {
        var voice = 0
        while voice < Self.polyphony {
            voiceLevel[voice] = -1
            voice += 1
        }
    }
}
