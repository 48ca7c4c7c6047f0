/// A failed libjack call, or a server a client cannot play on, named after
/// what the user can do about it.
///
/// `description` is one line that says what went wrong and what to try next.
public enum JackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `jack_client_open` found no server answering under this name
    /// (`JackServerFailed`, or `JackFailure` with no more specific bit).
    case serverUnreachable(server: String)
    /// `jack_client_open` refused the exact client name (`JackNameNotUnique`).
    case clientNameTaken(client: String, server: String)
    /// `jack_client_open` failed for another reason; `status` holds the
    /// `jack_status_t` bits.
    case clientOpenFailed(client: String, server: String, status: UInt32)
    /// libjack serves one server per process: a client of `openServer` is
    /// still open, so a client of `requestedServer` would silently talk to it.
    case serverMismatch(openServer: String, requestedServer: String)
    /// The client was closed (``JackClient/close()``) before this call.
    case clientClosed(client: String)
    /// The server shut the client down (`jack_on_info_shutdown`).
    case serverShutDown(server: String, reason: String)
    /// `jack_activate` returned a non-zero code.
    case activationFailed(client: String, code: Int32)
    /// `jack_deactivate` returned a non-zero code.
    case deactivationFailed(client: String, code: Int32)
    /// A `jack_set_*_callback` call returned a non-zero code; JACK refuses
    /// most callbacks once the client is active.
    case callbackRejected(callback: String, client: String, code: Int32)
    /// `jack_port_register` returned NULL.
    case portRegistrationFailed(port: String, client: String)
    /// `jack_port_unregister` returned a non-zero code.
    case portUnregistrationFailed(port: String, code: Int32)
    /// No port of this full name exists (`jack_port_by_name` returned NULL).
    case portNotFound(port: String)
    /// `jack_connect` returned a non-zero code other than `EEXIST`.
    case connectFailed(source: String, destination: String, code: Int32)
    /// `jack_disconnect` returned a non-zero code.
    case disconnectFailed(source: String, destination: String, code: Int32)
    /// `jack_transport_locate` refused the frame.
    case transportLocateFailed(frame: UInt32, code: Int32)
    /// A conditional `jack_set_timebase_callback` found another timebase
    /// master (`EBUSY`).
    case timebaseMasterTaken
    /// `jack_set_timebase_callback` or `jack_release_timebase` returned another
    /// non-zero code.
    case timebaseFailed(code: Int32)
    /// No cycle ran within the time waited for the first.
    case notRunningCycles(server: String)
    /// The server runs at `rate`, and the client needs `needed`.
    case sampleRateMismatch(server: String, rate: Int, needed: Int)

    public var description: String {
        switch self {
        case .serverUnreachable(let server):
            let start = server == "default" ? "jackd -d dummy" : "jackd -n \(server) -d dummy"
            return "cannot reach JACK server '\(server)': is jackd running? (start one with: \(start))"
        case .clientNameTaken(let client, let server):
            return "JACK client name '\(client)' is already taken on server '\(server)': "
                + "close the other client or choose another name"
        case .clientOpenFailed(let client, let server, let status):
            return "cannot open JACK client '\(client)' on server '\(server)': "
                + JackError.explain(status: status)
        case .serverMismatch(let open, let requested):
            return "cannot open a client of JACK server '\(requested)' while one of server '\(open)' "
                + "is open: libjack serves one server per process"
        case .clientClosed(let client):
            return "JACK client '\(client)' is already closed"
        case .serverShutDown(let server, let reason):
            return "JACK server '\(server)' shut the client down (\(reason)): restart jackd and try again"
        case .activationFailed(let client, let code):
            return "cannot activate JACK client '\(client)' (error \(code)): check the server log"
        case .deactivationFailed(let client, let code):
            return "cannot deactivate JACK client '\(client)' (error \(code))"
        case .callbackRejected(let callback, let client, let code):
            return "JACK refused the \(callback) callback of client '\(client)' (error \(code)): "
                + "callbacks must be set before activation"
        case .portRegistrationFailed(let port, let client):
            return "cannot register JACK port '\(client):\(port)': the name may be in use or the server out of ports"
        case .portUnregistrationFailed(let port, let code):
            return "cannot unregister JACK port '\(port)' (error \(code))"
        case .portNotFound(let port):
            return "no JACK port named '\(port)': list the ports with 'tactus ports'"
        case .connectFailed(let source, let destination, let code):
            return "cannot connect JACK port '\(source)' to '\(destination)' (error \(code)): "
                + "both must exist in active clients, the first an output and the second an input of the same type"
        case .disconnectFailed(let source, let destination, let code):
            return "cannot disconnect JACK port '\(source)' from '\(destination)' (error \(code)): are they connected?"
        case .transportLocateFailed(let frame, let code):
            return "JACK refused to move the transport to frame \(frame) (error \(code))"
        case .timebaseMasterTaken:
            return "another JACK client is timebase master: stop it or run with --transport follow"
        case .timebaseFailed(let code):
            return "JACK refused the timebase master request (error \(code))"
        case .notRunningCycles(let server):
            return "JACK server '\(server)' is not running cycles"
        case .sampleRateMismatch(let server, let rate, let needed):
            return "JACK server '\(server)' runs at \(rate) Hz, not \(needed) Hz; restart it at \(needed) Hz"
        }
    }

    /// Names the `jack_status_t` bits of a failed `jack_client_open`.
    static func explain(status: UInt32) -> String {
        let reasons: [(UInt32, String)] = [
            (0x02, "invalid option"),
            (0x40, "no such client"),
            (0x80, "internal client failed to load"),
            (0x100, "internal client failed to initialise"),
            (0x200, "cannot access JACK shared memory (/dev/shm)"),
            (0x400, "libjack and jackd versions differ"),
            (0x800, "the server's audio backend failed"),
            (0x1000, "the client is a zombie"),
            (0x20, "communication error with the server"),
        ]
        let named = reasons.filter { status & $0.0 != 0 }.map(\.1)
        let hex = "0x" + String(status, radix: 16)
        return named.isEmpty ? "status \(hex)" : named.joined(separator: ", ") + " (status \(hex))"
    }
}
