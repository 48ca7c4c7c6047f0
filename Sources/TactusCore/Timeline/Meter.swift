/// A time signature N/D. Compound meters (6/8, 9/8, 12/8, …: N a multiple of 3
/// above 3, D of 8 or more) beat in dotted notes, N/3 beats to the bar; every
/// other meter beats in its denominator.
public struct Meter: Hashable, Sendable, CustomStringConvertible {
    public var beats: Int
    public var noteValue: Int

    public init(beats: Int, noteValue: Int) {
        self.beats = beats
        self.noteValue = noteValue
    }

    public static let fourFour = Meter(beats: 4, noteValue: 4)

    public var isCompound: Bool { beats > 3 && beats % 3 == 0 && noteValue >= 8 }

    /// The beat unit when none is given.
    public var defaultBeatUnit: BeatUnit {
        isCompound ? BeatUnit(numerator: 3, denominator: noteValue) : BeatUnit(numerator: 1, denominator: noteValue)
    }

    /// Beats to the bar when counted in `unit`, if a bar holds a whole number of them.
    public func beatsPerBar(in unit: BeatUnit) -> Int? {
        // bar length = beats/noteValue whole notes; beat = numerator/denominator.
        let num = beats * unit.denominator
        let den = noteValue * unit.numerator
        return num % den == 0 ? num / den : nil
    }

    public var description: String { "\(beats)/\(noteValue)" }

    /// Parses "N/D" with N in 1…32 and D a power of two from 1 to 32.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]),
              (1...32).contains(n), [1, 2, 4, 8, 16, 32].contains(d) else {
            return nil
        }
        self.init(beats: n, noteValue: d)
    }
}
