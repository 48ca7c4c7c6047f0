/// The note value one beat lasts, as a fraction of a whole note: a quarter is
/// 1/4, an eighth 1/8, a dotted quarter 3/8.
public struct BeatUnit: Hashable, Sendable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public static let half = BeatUnit(numerator: 1, denominator: 2)
    public static let quarter = BeatUnit(numerator: 1, denominator: 4)
    public static let dottedQuarter = BeatUnit(numerator: 3, denominator: 8)
    public static let eighth = BeatUnit(numerator: 1, denominator: 8)
    public static let dottedEighth = BeatUnit(numerator: 3, denominator: 16)
    public static let sixteenth = BeatUnit(numerator: 1, denominator: 16)

    /// MIDI clock ticks (24 per quarter note) in one beat, when that is whole.
    public var clockTicksPerBeat: Int? {
        let ticks = 96 * numerator
        return ticks % denominator == 0 ? ticks / denominator : nil
    }

    /// "4" (quarter), "8" (eighth), "4." (dotted quarter), "8." …
    public var description: String {
        numerator == 1 ? "\(denominator)" : numerator == 3 ? "\(denominator / 2)." : "\(numerator)/\(denominator)"
    }

    /// What `init(parsing:)` takes: `1, 2, 4, 8, 16 or 32, or one dotted like 4.`.
    public static var choices: String { "\(Meter.noteValueChoices), or one dotted like 4." }

    /// Parses a note value of `Meter.allowedNoteValues`, "4", or one dotted, "4.".
    public init?(parsing text: String) {
        let dotted = text.hasSuffix(".")
        guard let value = Int(dotted ? String(text.dropLast()) : text), Meter.allowedNoteValues.contains(value) else {
            return nil
        }
        self = dotted ? BeatUnit(numerator: 3, denominator: value * 2) : BeatUnit(numerator: 1, denominator: value)
    }
}
