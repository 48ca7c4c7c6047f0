/// Accent levels packed two bits each into a segment, so the realtime engine
/// can look them up without touching an array.
public enum AccentCode {
    /// Most levels a pattern can hold (two UInt64 of 2-bit codes).
    public static let capacity = 64

    public static func code(_ level: AccentLevel) -> UInt64 {
        switch level {
        case .accent: 0
        case .normal: 1
        case .soft: 2
        case .silent: 3
        }
    }

    /// Packs up to 64 levels into (low, high).
    public static func pack(_ levels: [AccentLevel]) -> (low: UInt64, high: UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (index, level) in levels.prefix(capacity).enumerated() {
            if index < 32 {
                low |= code(level) << UInt64(2 * index)
            } else {
                high |= code(level) << UInt64(2 * (index - 32))
            }
        }
        return (low, high)
    }
}

extension TimelineSegment {
    /// The click level for pulse `pulse` (0-based) of beat `beat` (0-based) in
    /// `bar`, or -1 when the pulse is silent (silent accent or muted gap bar).
    /// Values are `ClickLevel.rawValue` (accent 0, beat 1, soft 2, subdivision 3),
    /// written as literals because the enum's accessors are opaque to the
    /// realtime checker.
    /// Realtime: bit arithmetic on the segment's packed codes.
    @inlinable @_noLocks @_noAllocation
    public func clickLevelCode(bar: Int, beat: Int, pulse: Int) -> Int {
        if isGapMuted(bar: bar) {
            return -1
        }
        var code: UInt64
        if accentCount == 0 {
            code = beat == 0 ? 0 : 1
        } else if accentPerPulse {
            code = accentCodeAt((beat * subdivision + pulse) % accentCount)
        } else if pulse == 0 {
            code = accentCodeAt(beat % accentCount)
        } else {
            return 3
        }
        if accentPerPulse && pulse != 0 && code == 1 {
            return 3
        }
        switch code {
        case 0: return 0
        case 1: return 1
        case 2: return 2
        default: return -1
        }
    }

    @inlinable
    func accentCodeAt(_ index: Int) -> UInt64 {
        index < 32
            ? (accentLow >> UInt64(truncatingIfNeeded: 2 * index)) & 3
            : (accentHigh >> UInt64(truncatingIfNeeded: 2 * (index - 32))) & 3
    }
}
