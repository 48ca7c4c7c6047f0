/// How `tactus` ends (docs/design.md, the command line contract).
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// Anything not covered below, such as an output file that cannot be written.
    case failure = 1
    /// A bad command line: unknown flag, missing or bad value.
    case usage = 2
    /// JACK or ALSA is not there.
    case unavailable = 3
    /// An input file or config that cannot be used.
    case badInput = 4
}
