/// Which grid positions the player is expected to play; an expected position
/// with no hit inside the ok window is a miss. Hits are graded against the
/// nearest subdivision whatever this says.
public enum ExpectedPositions: Hashable, Sendable, CustomStringConvertible {
    /// Every subdivision of every beat.
    case everySubdivision
    /// Only the beats (subdivision 1).
    case beats
    /// One flag per subdivision slot, counted from the downbeat of each bar
    /// (slot = (beat - 1) × subdivision + subdivision - 1) and repeated through
    /// the bar: with 16ths, "x.x." asks for the beat and the "and" of each beat.
    case pattern([Bool])

    /// Parses "subdivisions", "beats", or a pattern of `x` (play) and `.` (rest).
    public init?(parsing text: String) {
        switch text {
        case "subdivisions": self = .everySubdivision
        case "beats": self = .beats
        default:
            var flags: [Bool] = []
            for character in text {
                switch character {
                case "x", "X": flags.append(true)
                case ".": flags.append(false)
                default: return nil
                }
            }
            guard !flags.isEmpty else { return nil }
            self = .pattern(flags)
        }
    }

    /// "subdivisions", "beats", or the pattern written with `x` and `.`.
    public var description: String {
        switch self {
        case .everySubdivision: "subdivisions"
        case .beats: "beats"
        case .pattern(let flags): String(flags.map { $0 ? "x" : "." })
        }
    }

    /// Whether `position` must be played when beats split into `subdivision` parts.
    public func expects(_ position: GridPosition, subdivision: Int) -> Bool {
        switch self {
        case .everySubdivision:
            return true
        case .beats:
            return position.subdivision == 1
        case .pattern(let flags):
            guard !flags.isEmpty else { return false }
            let slot = (position.beat - 1) * subdivision + position.subdivision - 1
            let index = slot % flags.count
            return flags[index < 0 ? index + flags.count : index]
        }
    }
}
