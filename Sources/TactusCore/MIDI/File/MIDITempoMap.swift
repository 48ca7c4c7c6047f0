/// Turns MIDI file ticks into time. With a PPQ division, time is summed over
/// tempo segments as whole microseconds × ticks, kept as an exact fraction with
/// the PPQ as denominator, and divided once at the end, so nothing is rounded
/// along the way however many tempo changes there are. With an SMPTE division
/// a tick is a fixed fraction of a second and tempo does not apply.
public struct MIDITempoMap: Hashable, Sendable {
    public let division: MIDIFileDivision
    /// One tempo per tick where it changes, in tick order, the first at tick 0
    /// (120 quarter notes a minute there unless the file sets a tempo at tick 0).
    public let changes: [MIDITempoChange]
    /// Microseconds × ticks-per-quarter from tick 0 to each change.
    let scaledStarts: [Int128]

    /// The default tempo of a MIDI file: 120 quarter notes a minute.
    public static let defaultMicrosecondsPerQuarter = 500_000

    /// A map from `changes` in any order (of several at one tick the last
    /// counts; ticks before 0 count as 0; tempos are clamped to 1…16777215).
    public init(division: MIDIFileDivision, changes: [MIDITempoChange]) {
        self.division = division
        let ordered = changes.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
        var merged: [MIDITempoChange] = [MIDITempoChange(tick: 0, microsecondsPerQuarter: Self.defaultMicrosecondsPerQuarter)]
        for (_, change) in ordered {
            let tick = max(change.tick, 0)
            let microseconds = min(max(change.microsecondsPerQuarter, 1), 0xFF_FFFF)
            if merged[merged.count - 1].tick == tick {
                merged[merged.count - 1].microsecondsPerQuarter = microseconds
            } else {
                merged.append(MIDITempoChange(tick: tick, microsecondsPerQuarter: microseconds))
            }
        }
        var starts: [Int128] = [0]
        for index in merged.indices.dropFirst() {
            let previous = merged[index - 1]
            starts.append(starts[index - 1] + Int128(previous.microsecondsPerQuarter) * Int128(merged[index].tick - previous.tick))
        }
        self.changes = merged
        scaledStarts = starts
    }

    /// The tempo in force at `tick`.
    public func change(atTick tick: Int) -> MIDITempoChange {
        changes[changes.lastIndex(atOrBefore: { $0.tick <= tick })]
    }

    /// Seconds from tick 0 to `tick` (exact, then rounded once to a Double).
    public func seconds(atTick tick: Int) -> Double {
        let time = exactSeconds(atTick: tick)
        // Int64 converts to Double in hardware and rounds the same way Int128 does.
        if let numerator = Int64(exactly: time.numerator), let denominator = Int64(exactly: time.denominator) {
            return Double(numerator) / Double(denominator)
        }
        return Double(time.numerator) / Double(time.denominator)
    }

    /// The audio frame of `tick` at `sampleRate`, counting from tick 0 at frame
    /// 0: exact, rounded once to the nearest frame (halves away from zero).
    public func frame(atTick tick: Int, sampleRate: Int) -> Int64 {
        let time = exactSeconds(atTick: tick)
        return Int64(clamping: Self.roundedDivision(time.numerator * Int128(sampleRate), time.denominator))
    }

    /// The tick nearest to `seconds` from tick 0 (for placing notes at chosen
    /// times); 0 for a time that is not finite.
    public func tick(atSeconds seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        let ticks: Double
        switch division {
        case .ticksPerQuarter(let ticksPerQuarter):
            let ppq = Double(max(ticksPerQuarter, 1))
            let scaled = seconds * 1_000_000 * ppq
            var index = changes.count - 1
            while index > 0, Double(scaledStarts[index]) > scaled { index -= 1 }
            let change = changes[index]
            ticks = Double(change.tick) + (scaled - Double(scaledStarts[index])) / Double(change.microsecondsPerQuarter)
        case .smpte:
            let oneTick = exactSeconds(atTick: 1)
            ticks = seconds * Double(oneTick.denominator) / Double(oneTick.numerator)
        }
        let rounded = ticks.rounded()
        guard rounded > -9.0e18 else { return -9_000_000_000_000_000_000 }
        guard rounded < 9.0e18 else { return 9_000_000_000_000_000_000 }
        return Int(rounded)
    }

    /// Seconds to `tick` as an exact fraction.
    func exactSeconds(atTick tick: Int) -> (numerator: Int128, denominator: Int128) {
        switch division {
        case .ticksPerQuarter(let ticksPerQuarter):
            let index = changes.lastIndex(atOrBefore: { $0.tick <= tick })
            let change = changes[index]
            let scaled = scaledStarts[index] + Int128(change.microsecondsPerQuarter) * Int128(tick - change.tick)
            return (scaled, Int128(max(ticksPerQuarter, 1)) * 1_000_000)
        case .smpte(let framesPerSecond, let ticksPerFrame):
            let ticksPerFrame = Int128(max(ticksPerFrame, 1))
            if framesPerSecond == 29 {
                return (Int128(tick) * 1001, 30_000 * ticksPerFrame)
            }
            return (Int128(tick), Int128(max(framesPerSecond, 1)) * ticksPerFrame)
        }
    }

    /// `numerator / denominator` rounded to the nearest, halves away from zero (`denominator` > 0).
    static func roundedDivision(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        numerator >= 0
            ? (numerator + denominator / 2) / denominator
            : -((-numerator + denominator / 2) / denominator)
    }
}
