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

    /// Beats a bar of a meter tactus plays may have, and the note values they may be.
    public static let allowedBeats = 1...32
    public static let allowedNoteValues = [1, 2, 4, 8, 16, 32]

    /// Whether tactus plays the meter: `allowedBeats` of one of `allowedNoteValues`.
    public var isPlayable: Bool { Self.allowedBeats.contains(beats) && Self.allowedNoteValues.contains(noteValue) }

    /// `1, 2, 4, 8, 16 or 32`.
    public static var noteValueChoices: String { OptionHelp.choices(allowedNoteValues) }

    /// `1–32 beats of 1, 2, 4, 8, 16 or 32`, the meters tactus plays.
    public static var playable: String { "\(OptionHelp.range(allowedBeats)) beats of \(noteValueChoices)" }

    /// Parses "N/D" of a meter tactus plays.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
        self.init(beats: n, noteValue: d)
        guard isPlayable else { return nil }
    }
}
