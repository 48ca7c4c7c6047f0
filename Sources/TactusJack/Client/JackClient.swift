import CJack
import Glibc
import Synchronization

/// A client of a running JACK server (`jack_client_t`).
///
/// The client owns its libjack connection: ``close()`` (or the last
/// reference going away) calls `jack_client_close`. Its methods are for
/// non-realtime threads and may be called from any of them; the process
/// callback reaches libjack only through ``JackRealtime`` with ``handle``.
///
/// JACK's notification callbacks (xrun, shutdown, latency, port registration,
/// sample rate, buffer size) are registered at open; they only update
/// counters and flags and wake ``waitForNotification(timeout:)``.
///
/// libjack serves one server per process: every client open at the same time
/// must name the same server.
public final class JackClient: @unchecked Sendable {
    /// The client's name as the server knows it (`jack_get_client_name`).
    public let name: String
    /// The server name given at open, or JACK's default (`$JACK_DEFAULT_SERVER`
    /// or `default`).
    public let serverName: String
    /// `jack_client_t *` for ``JackRealtime`` calls; valid until ``close()``.
    public let handle: JackClientHandle

    let signals: JackSignalsBox
    let state: Mutex<State>

    /// Guarded by `state`'s lock.
    struct State: ~Copyable, @unchecked Sendable {
        var isClosed = false
        var isActive = false
        var isAbandoned = false
        var timebaseBindings: [UnsafeMutablePointer<JackTimebaseBinding>] = []
        var autoConnector: JackAutoConnector?
    }

    /// Opens a client with `jack_client_open`, never starting a server
    /// (`JackNoStartServer`).
    ///
    /// - Parameters:
    ///   - name: The client name; ports are named `name:port`.
    ///   - server: The server name (`jackd -n NAME`), or `nil` for the default.
    ///   - exactName: When `true` (`JackUseExactName`), a taken name throws
    ///     ``JackError/clientNameTaken(client:server:)``; when `false`, JACK
    ///     picks a free variant, which ``name`` then reports.
    /// - Throws: ``JackError/serverUnreachable(server:)`` when no such server
    ///   runs, and the other open errors.
    public init(name: String, server: String? = nil, exactName: Bool = true) throws(JackError) {
        let serverName = JackClient.resolveServerName(server)
        try JackServerClaim.acquire(serverName)
        var status = jack_status_t(0)
        let raw = exactName
            ? cjack_client_open_exact(name, server, &status)
            : cjack_client_open(name, server, &status)
        guard let raw else {
            let error = JackClient.openError(status: status.rawValue, client: name, server: server, exactName: exactName)
            JackServerClaim.release()
            throw error
        }
        self.name = jack_get_client_name(raw).map { String(cString: $0) } ?? name
        self.serverName = serverName
        self.handle = JackClientHandle(rawValue: raw)
        self.signals = JackSignalsBox()
        self.state = Mutex(State())
        do {
            try registerNotifications(raw)
        } catch {
            jack_client_close(raw)
            state.withLock { $0.isClosed = true }
            JackServerClaim.release()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Whether ``close()`` abandoned the client to libjack, its server having
    /// shut it down: its process context must then outlive it.
    public var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

    /// What abandoned clients' callbacks may still touch, kept for the process's life.
    private static let abandoned = Mutex<[JackSignalsBox]>([])

    /// How many clients this process has open, on whichever server.
    public static var openCount: Int { JackServerClaim.openClients }

    /// Closes the client (`jack_client_close`, which also deactivates it and
    /// unregisters its ports). No callback runs after this returns, so the
    /// caller may then free the process context. Calling it again does nothing.
    ///
    /// A client its server shut down (``isShutDown``) is abandoned instead,
    /// not closed: `jack_client_close` then races libjack's own teardown of
    /// the client's process thread and can wait for ever on a lock that
    /// thread left held (a `tactus run --reconnect` waiting for its server
    /// hung so, about once in 150 server losses). The server is gone, so
    /// nothing is left to release but this process's memory, which is kept
    /// for the callbacks that may still be finishing: the caller must not
    /// free the process context (``isAbandoned``).
    public func close() {
        let closing: (didClose: Bool, connector: JackAutoConnector?) = state.withLock { state in
            guard !state.isClosed else { return (false, nil) }
            state.isClosed = true
            state.isActive = false
            if isShutDown {
                state.isAbandoned = true
                JackClient.abandoned.withLock { $0.append(signals) }
            } else {
                jack_client_close(handle.rawValue)
                for binding in state.timebaseBindings {
                    binding.deallocate()
                }
            }
            state.timebaseBindings = []
            let connector = state.autoConnector
            state.autoConnector = nil
            return (true, connector)
        }
        guard closing.didClose else { return }
        closing.connector?.stop()
        JackServerClaim.release()
        JackCallbacks.post(signals.pointer.pointee.wake)
    }

    /// Takes the server for gone, as its shutdown callback would with
    /// `reason` (``isShutDown``): nothing more is asked of it, and
    /// ``close()`` abandons the client. For a server that runs no cycles, its
    /// process stopped: it answers no request, and `jack_client_close` would
    /// wait for it for ever.
    public func giveUp(reason: String) {
        reason.withCString { JackCallbacks.noteShutdown(signals.pointer, reason: $0) }
    }

    /// Starts calling the process callback (`jack_activate`), the process's
    /// memory locked first where the program asked for it (``MemoryLock``).
    /// Ports can be connected only while the client is active.
    public func activate() throws(JackError) {
        MemoryLock.lockIfWanted()
        try withOpenClient { raw, state throws(JackError) in
            let code = jack_activate(raw)
            guard code == 0 else { throw .activationFailed(client: name, code: code) }
            state.isActive = true
            state.autoConnector?.clientActivated()
        }
    }

    /// Stops calling the process callback (`jack_deactivate`); JACK removes
    /// the client's connections.
    public func deactivate() throws(JackError) {
        try withOpenClient { raw, state throws(JackError) in
            let code = jack_deactivate(raw)
            guard code == 0 else { throw .deactivationFailed(client: name, code: code) }
            state.isActive = false
        }
    }

    /// Whether ``activate()`` succeeded and neither ``deactivate()`` nor
    /// ``close()`` followed.
    public var isActive: Bool {
        state.withLock { $0.isActive }
    }

    /// Frames per second (`jack_get_sample_rate`, kept current by the
    /// sample-rate callback).
    public var sampleRate: Int {
        Int(signals.pointer.pointee.sampleRate.load(ordering: .relaxed))
    }

    /// Frames per process cycle (`jack_get_buffer_size`, kept current by the
    /// buffer-size callback).
    public var bufferSize: Int {
        Int(signals.pointer.pointee.bufferSize.load(ordering: .relaxed))
    }

    /// Frame time at the start of the latest process cycle
    /// (`jack_last_frame_time`); 0 once closed. In the process callback use
    /// ``JackRealtime/lastFrameTime(_:)``.
    public var lastFrameTime: UInt32 {
        (try? withOpenClient { raw, _ in jack_last_frame_time(raw) }) ?? 0
    }

    /// Estimated current frame time (`jack_frame_time`); 0 once closed.
    public var frameTime: UInt32 {
        (try? withOpenClient { raw, _ in jack_frame_time(raw) }) ?? 0
    }

    /// The 64-bit frame time now: ``frameTime`` extended from
    /// `cycleStart`, the 64-bit first frame of a recent cycle.
    public func frameTime(after cycleStart: Int64) -> Int64 {
        cycleStart + Int64(Int32(bitPattern: frameTime &- UInt32(truncatingIfNeeded: cycleStart)))
    }

    /// Runs `body` with the open client under the state lock.
    func withOpenClient<T>(
        _ body: (OpaquePointer, inout State) throws(JackError) -> T
    ) throws(JackError) -> T {
        let result: Result<T, JackError> = state.withLock { state in
            guard !state.isClosed else { return .failure(.clientClosed(client: name)) }
            if signals.pointer.pointee.shutDown.load(ordering: .acquiring) {
                return .failure(.serverShutDown(server: serverName, reason: shutdownReason))
            }
            do throws(JackError) {
                return .success(try body(handle.rawValue, &state))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func registerNotifications(_ raw: OpaquePointer) throws(JackError) {
        let arg = UnsafeMutableRawPointer(signals.pointer)
        signals.pointer.pointee.sampleRate.store(jack_get_sample_rate(raw), ordering: .relaxed)
        signals.pointer.pointee.bufferSize.store(jack_get_buffer_size(raw), ordering: .relaxed)
        jack_on_info_shutdown(raw, JackCallbacks.infoShutdown, arg)
        try check("xrun", jack_set_xrun_callback(raw, JackCallbacks.xrun, arg))
        try check("latency", jack_set_latency_callback(raw, JackCallbacks.latency, arg))
        try check("graph order", jack_set_graph_order_callback(raw, JackCallbacks.graphOrder, arg))
        try check("port registration", jack_set_port_registration_callback(raw, JackCallbacks.portRegistration, arg))
        try check("sample rate", jack_set_sample_rate_callback(raw, JackCallbacks.sampleRate, arg))
        try check("buffer size", jack_set_buffer_size_callback(raw, JackCallbacks.bufferSize, arg))
    }

    func check(_ callback: String, _ code: Int32) throws(JackError) {
        guard code == 0 else { throw .callbackRejected(callback: callback, client: name, code: code) }
    }

    static func resolveServerName(_ server: String?) -> String {
        if let server, !server.isEmpty { return server }
        if let environment = getenv("JACK_DEFAULT_SERVER"), environment.pointee != 0 {
            return String(cString: environment)
        }
        return "default"
    }

    static func openError(status: UInt32, client: String, server: String?, exactName: Bool) -> JackError {
        let serverName = resolveServerName(server)
        let failure = JackFailure.rawValue, serverFailed = JackServerFailed.rawValue
        if status & JackNameNotUnique.rawValue != 0 {
            return .clientNameTaken(client: client, server: serverName)
        }
        if status & ~(failure | serverFailed) == 0 {
            return .serverUnreachable(server: serverName)
        }
        // jackd 1.9 answers a taken exact name with a bare JackServerError:
        // a second open that lets JACK pick the name tells the cases apart.
        if exactName, status & JackServerError.rawValue != 0 {
            var retryStatus = jack_status_t(0)
            if let probe = cjack_client_open(client, server, &retryStatus) {
                let given = jack_get_client_name(probe).map { String(cString: $0) }
                jack_client_close(probe)
                if given != client {
                    return .clientNameTaken(client: client, server: serverName)
                }
            }
        }
        return .clientOpenFailed(client: client, server: serverName, status: status)
    }
}

extension JackClient {
    /// The longest client name JACK takes, in bytes: `jack_client_name_size()`
    /// less the terminating NUL it counts (64 with JACK 2, whose libjack
    /// refuses a longer name before it reaches the server). Needs no server.
    public static var maximumNameBytes: Int { Int(jack_client_name_size()) - 1 }
}
