import TactusJack

extension JackEngineHost {
    /// The full name of the first port connected to `port` (default:
    /// `tactus:input`), waiting briefly for connections asked for with
    /// `--connect-input` or `--connect-audio`.
    public func firstSource(of port: JackPort? = nil, waitingFor patterns: Int = 0) -> String? {
        let deadline = ContinuousClock.now + .milliseconds(patterns > 0 ? 500 : 0)
        repeat {
            if let first = connections(of: port ?? inputPort).first { return first }
            _ = waitForNotification(timeout: .milliseconds(10))
        } while ContinuousClock.now < deadline
        return nil
    }
}
