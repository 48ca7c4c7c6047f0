import TactusJack

/// The host every test client shares: its JACK clients, its realtime state
/// in memory of its own that never moves (the process callbacks' context),
/// each client's process callback installed and the clients activated in
/// order; on release, the clients close in reverse order before the state
/// is freed, so no callback can see it go.
///
/// The state holds no class references; each `process` is a
/// `@convention(c)` function that binds its context to `State` and does
/// only realtime work.
final class JackTestClient<State: ~Copyable> {
    let clients: [JackClient]
    let state: UnsafeMutablePointer<State>

    /// One client running `process` on `state`.
    convenience init(_ client: JackClient, state: consuming State, process: JackProcessFunction) throws {
        try self.init([(client, process)], state: state)
    }

    /// Several clients sharing `state`, each with its own process callback.
    init(_ processes: [(client: JackClient, process: JackProcessFunction)], state: consuming State) throws {
        clients = processes.map(\.client)
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        for (client, process) in processes {
            try client.setProcess(process, context: UnsafeMutableRawPointer(self.state))
        }
        for client in clients {
            try client.activate()
        }
    }

    deinit {
        for client in clients.reversed() {
            client.close()
        }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The first (or only) client.
    var client: JackClient { clients[0] }
}
