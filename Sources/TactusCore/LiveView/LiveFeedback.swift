/// The answer to the last pedal press or key, shown on its own line.
public enum LiveFeedback: Hashable, Sendable, CustomStringConvertible {
    /// Tap tempo: `count` of the `needed` taps, and the tempo so far.
    case tap(count: Int, needed: Int, tempo: Tempo?)
    /// A preset (setlist song) chosen: its name, number from 1 and how many there are.
    case preset(name: String, number: Int, count: Int)
    case tempo(from: Tempo, to: Tempo)
    case muted(Bool)
    case message(String)

    /// "tap 3/4 → 101.2 BPM", "preset: Warm-up (2/4)", "tempo 120 → 125",
    /// "click muted", "click on".
    public var description: String {
        switch self {
        case .tap(let count, let needed, let tempo):
            let so = tempo.map { " → \(LiveView.bpmText($0)) BPM" } ?? ""
            return "tap \(count)/\(needed)\(so)"
        case .preset(let name, let number, let count):
            return "preset: \(name) (\(number)/\(count))"
        case .tempo(let from, let to):
            return "tempo \(LiveView.bpmText(from)) → \(LiveView.bpmText(to))"
        case .muted(let muted):
            return muted ? "click muted" : "click on"
        case .message(let text):
            return text
        }
    }
}
