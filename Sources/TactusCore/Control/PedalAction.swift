/// What a pedal press asks for. The control loop turns these into engine
/// commands; the names are the `"action"` values of a pedal map.
public enum PedalAction: Hashable, Sendable, CustomStringConvertible {
    /// One tap of tap tempo.
    case tap
    /// Faster by this many thousandths of a BPM (`tempo+`, amount in BPM, default 5).
    case tempoUp(milliBPM: Int64)
    /// Slower by this many thousandths of a BPM (`tempo-`, amount in BPM, default 5).
    case tempoDown(milliBPM: Int64)
    /// Tempo times this factor (`tempo-scale`, e.g. 2 or 0.5).
    case tempoScale(factor: Double)
    case startStop
    case start
    case stop
    case nextPreset
    case previousPreset
    /// Jump to the setlist preset with this name (`preset` with `"name"`).
    case preset(name: String)
    case muteToggle
    /// Start after a count-in.
    case countIn
    /// Drop a marker into the session.
    case mark

    /// Every action name a pedal map accepts, in documentation order.
    public static let names = [
        "tap", "tempo+", "tempo-", "tempo-scale", "start-stop", "start", "stop", "next-preset", "prev-preset",
        "preset", "mute-toggle", "count-in", "mark",
    ]

    /// The actions that take no argument.
    static let withoutArgument: [PedalAction] = [
        .tap, .startStop, .start, .stop, .nextPreset, .previousPreset, .muteToggle, .countIn, .mark,
    ]

    /// The default `amount` of `tempo+` and `tempo-`: 5 BPM.
    public static let defaultTempoStepMilliBPM: Int64 = 5_000

    /// The name used in pedal map files.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .tempoUp: "tempo+"
        case .tempoDown: "tempo-"
        case .tempoScale: "tempo-scale"
        case .startStop: "start-stop"
        case .start: "start"
        case .stop: "stop"
        case .nextPreset: "next-preset"
        case .previousPreset: "prev-preset"
        case .preset: "preset"
        case .muteToggle: "mute-toggle"
        case .countIn: "count-in"
        case .mark: "mark"
        }
    }

    /// The name with its argument: `tempo+ 5`, `tempo-scale 0.5`, `preset 'Ballad'`.
    public var description: String {
        switch self {
        case .tempoUp(let step), .tempoDown(let step): "\(name) \(Tempo(milliBPM: step))"
        case .tempoScale(let factor): "\(name) \(NumberText.plain(factor))"
        case .preset(let preset): "\(name) '\(preset)'"
        default: name
        }
    }
}
