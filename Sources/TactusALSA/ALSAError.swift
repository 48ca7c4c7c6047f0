/// Something the ALSA sequencer layer could not do, in one line.
public enum ALSAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `snd_seq_open` failed: no sequencer device, no permission, no kernel module.
    case sequencerUnavailable(device: String, reason: String)
    /// Another sequencer call failed; `function` is the C function, `reason` its `snd_strerror` text.
    case callFailed(function: String, reason: String)
    /// The sequencer was used before `open` or after `close`.
    case notOpen
    /// No port matches a `--alsa-pedal` pattern; `available` lists the MIDI sources.
    case noMatchingPort(pattern: String, available: [String])
    /// More than one port matches where one was needed.
    case ambiguousPort(pattern: String, matches: [String])
    /// A `/regex/` pattern that does not compile.
    case invalidPattern(pattern: String, reason: String)

    public var description: String {
        switch self {
        case .sequencerUnavailable(let device, let reason):
            return "ALSA sequencer unavailable (\(device): \(reason))"
        case .callFailed(let function, let reason):
            return "ALSA \(function) failed: \(reason)"
        case .notOpen:
            return "ALSA sequencer is not open"
        case .noMatchingPort(let pattern, let available):
            let list = available.isEmpty ? "there are no ALSA MIDI sources" : "sources: " + available.joined(separator: ", ")
            return "no ALSA MIDI source matches '\(pattern)' (\(list))"
        case .ambiguousPort(let pattern, let matches):
            return "'\(pattern)' matches several ALSA ports (\(matches.joined(separator: ", "))); give CLIENT:PORT"
        case .invalidPattern(let pattern, let reason):
            return "bad ALSA port pattern '\(pattern)': \(reason)"
        }
    }

    /// The warning to print when tactus carries on without ALSA pedals.
    public var continuingWithJACKOnly: String { "\(description); continuing with JACK ports only" }
}
