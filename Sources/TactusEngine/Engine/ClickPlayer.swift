import TactusCore

/// Plays pre-rendered click sounds into an audio buffer: the sounds are copied
/// into memory allocated once, and each cycle only copies samples — nothing is
/// synthesised or allocated while playing. Up to `polyphony` clicks ring at once
/// (a long bell under fast subdivisions); a new click past that cuts off the
/// oldest at its own first frame.
///
/// Every sample is the sum of the clicks ringing there, added oldest first,
/// whatever the cycle's length: voices are kept in the order they started and
/// mixed up to each new click's frame before it joins, so a render in long
/// blocks is the live click in JACK's periods, sample for sample.
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
    /// Ringing clicks, oldest first: the level, and the samples played by
    /// the cycle's first frame (negative for a click starting later in it).
    @usableFromInline let voiceLevel: UnsafeMutableBufferPointer<Int>
    @usableFromInline let voicePlayed: UnsafeMutableBufferPointer<Int>
    @usableFromInline var voiceCount: Int
    /// Frames of this cycle mixed so far.
    @usableFromInline var mixedFrames: Int
    /// Clicks started, since creation.
    public var started: Int
    /// Levels held: 4 per bank.
    public let levelCount: Int

    public static let polyphony = 8

    /// Copies `sounds` (one buffer per ClickLevel, in rawValue order, then the
    /// same for each further bank) into memory it owns (non-realtime).
    init(sounds: [[Float]]) {
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
        voiceLevel.initialize(repeating: 0)
        voicePlayed = .allocate(capacity: Self.polyphony)
        voicePlayed.initialize(repeating: 0)
        voiceCount = 0
        mixedFrames = 0
        started = 0
    }

    deinit {
        samples.deallocate()
        starts.deallocate()
        lengths.deallocate()
        voiceLevel.deallocate()
        voicePlayed.deallocate()
    }

    /// Starts a click of `level` (4 × bank + ClickLevel.rawValue) at `offset`
    /// in this cycle's `output`, after the clicks started before it; what the
    /// cycle does not hold rings on into later ones. Clicks come in frame order.
    /// Realtime: O(polyphony) plus the samples it catches up.
    @inlinable @_noLocks @_noAllocation
    public mutating func start(level: Int, into output: UnsafeMutablePointer<Float>, at offset: Int) {
        guard level >= 0 && level < levelCount && lengths[level] > 0 else { return }
        started &+= 1
        if offset > mixedFrames { mix(into: output, upTo: offset) }
        if voiceCount == Self.polyphony {
            var voice = 1
            while voice < voiceCount {
                voiceLevel[voice - 1] = voiceLevel[voice]
                voicePlayed[voice - 1] = voicePlayed[voice]
                voice += 1
            }
            voiceCount -= 1
        }
        voiceLevel[voiceCount] = level
        voicePlayed[voiceCount] = -offset
        voiceCount += 1
    }

    /// Mixes what rings in the rest of this cycle into `output[0..<frames]`
    /// and carries the clicks still ringing into the next cycle.
    /// Realtime: O(polyphony × frames) at most.
    @inlinable @_noLocks @_noAllocation
    public mutating func finishCycle(into output: UnsafeMutablePointer<Float>, frames: Int) {
        if frames > mixedFrames { mix(into: output, upTo: frames) }
        var voice = 0
        while voice < voiceCount {
            voicePlayed[voice] &+= frames
            voice += 1
        }
        mixedFrames = 0
    }

    /// Adds every ringing click, oldest first, into `output` from the frames
    /// mixed so far up to `offset`, then lets go of those that ended by it.
    /// Realtime: O(polyphony × frames) at most; the order of the adds is the
    /// order the clicks started, which keeps the sums the same bits in any cycles.
    @inlinable @_noLocks @_noAllocation
    mutating func mix(into output: UnsafeMutablePointer<Float>, upTo offset: Int) {
        var voice = 0
        var kept = 0
        while voice < voiceCount {
            let level = voiceLevel[voice]
            let played = voicePlayed[voice]
            let length = lengths[level]
            let base = starts[level]
            var target = mixedFrames
            var source = played &+ target
            while target < offset && source < length {
                output[target] += samples[base + source]
                source += 1
                target += 1
            }
            if played &+ offset < length {
                voiceLevel[kept] = level
                voicePlayed[kept] = played
                kept += 1
            }
            voice += 1
        }
        voiceCount = kept
        mixedFrames = offset
    }

    /// Silences every ringing click (e.g. on stop).
    /// Realtime: resets the count.
    @inlinable @_noLocks @_noAllocation
    public mutating func silence() {
        voiceCount = 0
    }
}
