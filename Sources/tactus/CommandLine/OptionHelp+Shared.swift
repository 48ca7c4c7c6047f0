import TactusCore

/// Options several commands take, with one wording and one range for all
/// of them: `--server` and `--bars` read the same in `run`, `render`,
/// `play`, `simulate`…
extension OptionHelp {
    static let server = OptionHelp("--server NAME", "The JACK server (jackd -n NAME; default: $JACK_DEFAULT_SERVER, else 'default').")

    /// `--bars`, in `PracticeConfig.allowedBars`.
    static func bars(default value: Int? = nil) -> OptionHelp {
        OptionHelp("--bars N", "Bars to play after the count-in, \(range(PracticeConfig.allowedBars))\(value.map { " (default: \($0))" } ?? "").")
    }

    static let countIn = OptionHelp("--count-in BARS", "Bars of count-in before bar 1, \(range(allowedCountIn)) (default: 0).")

    /// `--lead-ms`: how long before the first click or event, in `allowedLeadMilliseconds`.
    static func leadMilliseconds(_ what: String, default value: Int) -> OptionHelp {
        OptionHelp("--lead-ms N", "\(what) N ms, \(range(allowedLeadMilliseconds)) (default: \(value)).")
    }

    static let allowedCountIn = 0...64
    static let allowedLeadMilliseconds = 0...10_000

    /// `1–100000`.
    static func range(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)–\(range.upperBound)"
    }
}

extension OptionHelp {
    static let quiet = OptionHelp("--quiet", "Print nothing when all went well (no progress line either).")
}
