extension JackClient {
    /// Connects `port` to every port matching `pattern` (outputs to inputs
    /// or inputs from outputs, same type) once the client is active, and
    /// again whenever a matching port appears later, e.g. when the other
    /// program starts after tactus.
    ///
    /// A worker thread does the connecting; failures are collected for
    /// ``takeAutoConnectFailures()`` and wake ``waitForNotification(timeout:)``.
    public func autoConnect(_ port: JackPort, to pattern: JackPortPattern) throws(JackError) {
        let rule = JackAutoConnector.Rule(
            port: port.name, type: port.type, direction: port.direction, pattern: pattern
        )
        let connector = try withOpenClient { _, state in
            if let connector = state.autoConnector { return connector }
            let connector = JackAutoConnector(client: self, signals: signals)
            state.autoConnector = connector
            return connector
        }
        connector.add(rule)
    }

    /// Waits, up to `timeout`, until the connections ``autoConnect(_:to:)``
    /// asked for so far, to ports that exist, have been made (the connector
    /// makes them on a thread of its own). True when they have, or when
    /// none were asked for.
    public func settleAutoConnections(timeout: Duration) -> Bool {
        guard let connector = state.withLock({ $0.autoConnector }) else { return true }
        return connector.settle(timeout: timeout)
    }

    /// Connection failures of ``autoConnect(_:to:)`` since the last call.
    public func takeAutoConnectFailures() -> [JackError] {
        state.withLock { $0.autoConnector }?.takeFailures() ?? []
    }
}
