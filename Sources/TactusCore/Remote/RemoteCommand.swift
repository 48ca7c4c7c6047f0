/// A command from a remote control surface (OSC, see `RemoteCommand(_:)`).
/// Those a pedal can give are pedal actions, carried out as a pedal's are;
/// the rest set what a pedal cannot.
public enum RemoteCommand: Hashable, Sendable {
    /// As the pedal action (start, stop, tap, nudge, presets, mute toggle, marker).
    case action(PedalAction)
    /// This tempo (at the next beat or bar, as pedal tempo changes).
    case tempo(Tempo)
    /// Mute (true) or unmute the click.
    case mute(Bool)
    /// From the next bar line on, in this meter (its default beat unit).
    case meter(Meter)
    /// From the next bar line on, clicks per beat.
    case subdivision(Int)
    /// From the next bar line on, this accent pattern (nil: beat 1 accented).
    case accents(AccentPattern?)
    /// From the next bar line on, this gap click (nil: none).
    case gap(GapPattern?)
    /// Send the state (`/tactus/state`) to the return address.
    case query(RemoteReturn)
    /// Send every change of tempo, bar, preset, playing and mute to the return address.
    case register(RemoteReturn)
    /// Stop sending changes to the return address.
    case unregister(RemoteReturn)

    /// Whether it changes the session (and is recorded in its report).
    public var changesSession: Bool {
        switch self {
        case .query, .register, .unregister: false
        default: true
        }
    }
}

/// Where a reply goes: back to the sender's address, to the sender's host
/// on another port (an `i` argument), or to an `osc.udp://HOST:PORT/` URL
/// (an `s` argument), as klick's and liblo's return addresses are given.
public enum RemoteReturn: Hashable, Sendable {
    case sender
    case senderHost(port: Int)
    case address(host: String, port: Int)

    /// Reads `osc.udp://HOST:PORT/` (the path, if any, is ignored).
    public init?(url: String) {
        guard url.hasPrefix("osc.udp://") else { return nil }
        let rest = url.dropFirst("osc.udp://".count).prefix { $0 != "/" }
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
              (1...65_535).contains(port) else { return nil }
        var host = String(rest[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self = .address(host: host, port: port)
    }
}
