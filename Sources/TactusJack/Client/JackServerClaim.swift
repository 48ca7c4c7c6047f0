import Synchronization

/// libjack keeps one set of shared-memory globals per process: a second
/// client opened on another server while the first is open silently reads
/// the first server's graph. This counts the open clients and the server
/// they share, so such an open fails with ``JackError/serverMismatch``.
enum JackServerClaim {
    private static let claim = Mutex<(server: String, clients: Int)?>(nil)

    static func acquire(_ server: String) throws(JackError) {
        let open: String? = claim.withLock { claim in
            if let current = claim, current.server != server { return current.server }
            claim = (server, (claim?.clients ?? 0) + 1)
            return nil
        }
        if let open {
            throw .serverMismatch(openServer: open, requestedServer: server)
        }
    }

    /// How many clients this process has open (closed ones are counted
    /// out once `jack_client_close` has returned).
    static var openClients: Int {
        claim.withLock { $0?.clients ?? 0 }
    }

    static func release() {
        claim.withLock { claim in
            guard let current = claim else { return }
            claim = current.clients > 1 ? (current.server, current.clients - 1) : nil
        }
    }
}
