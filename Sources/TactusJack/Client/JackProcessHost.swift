/// The realtime state of one or more JACK clients, in memory of its own that
/// never moves, with each client's process callback installed on it: the
/// callbacks' context. On release the clients close, in reverse order, before
/// the state is freed, so no callback can see it go; also when installing a
/// callback fails.
///
/// The state holds no class references; each `process` is a
/// `@convention(c)` function that binds its context to `State` and does only
/// realtime work.
public final class JackProcessHost<State: ~Copyable> {
    let clients: [JackClient]
    public let state: UnsafeMutablePointer<State>

    /// One client running `process` on `state` (not yet active).
    public convenience init(_ client: JackClient, state: consuming State, process: JackProcessFunction) throws(JackError) {
        try self.init([(client, process)], state: state)
    }

    /// Several clients sharing `state`, each with its own process callback
    /// (not yet active).
    public init(
        _ processes: [(client: JackClient, process: JackProcessFunction)], state: consuming State
    ) throws(JackError) {
        clients = processes.map(\.client)
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        for (client, process) in processes {
            try client.setProcess(process, context: UnsafeMutableRawPointer(self.state))
        }
    }

    deinit {
        for client in clients.reversed() {
            client.close()
        }
        // A client abandoned to its dead server may still be in a callback.
        if clients.contains(where: \.isAbandoned) { return }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The first (or only) client.
    var client: JackClient { clients[0] }

    /// Activates the clients in order: their process callbacks start running.
    public func activate() throws(JackError) {
        for client in clients {
            try client.activate()
        }
    }
}
