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

    /// The code at `index` of a pattern packed as (`low`, `high`).
    /// Realtime: bit arithmetic.
    @inlinable @_noLocks @_noAllocation
    public static func code(at index: Int, low: UInt64, high: UInt64) -> UInt64 {
        index < 32
            ? (low >> UInt64(truncatingIfNeeded: 2 * index)) & 3
            : (high >> UInt64(truncatingIfNeeded: 2 * (index - 32))) & 3
    }

    /// A code's click level as `ClickLevel.rawValue` (accent 0, beat 1,
    /// soft 2), or -1 for a silent one (3).
    /// Realtime: a comparison.
    @inlinable @_noLocks @_noAllocation
    public static func levelCode(_ code: UInt64) -> Int {
        code < 3 ? Int(truncatingIfNeeded: code) : -1
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
            code = AccentCode.code(at: (beat * subdivision + pulse) % accentCount, low: accentLow, high: accentHigh)
        } else if pulse == 0 {
            code = AccentCode.code(at: beat % accentCount, low: accentLow, high: accentHigh)
        } else {
            return 3
        }
        if accentPerPulse && pulse != 0 && code == 1 {
            return 3
        }
        return AccentCode.levelCode(code)
    }
}
