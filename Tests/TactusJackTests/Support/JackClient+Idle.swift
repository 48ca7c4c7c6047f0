import TactusJack

/// A process callback that does nothing.
enum JackIdleProcess {
    static let process: JackProcessFunction = { _, _ in 0 }
}

extension JackClient {
    /// Activates with a process callback that does nothing. A client
    /// activated without one joins JACK's graph with its connections but
    /// never finishes a cycle, and the synchronous test server (`jackd -S`)
    /// then waits ten client timeouts for it every cycle, refusing new
    /// clients meanwhile; no client of tactus is without one.
    func activateIdle() throws(JackError) {
        try setProcess(JackIdleProcess.process, context: nil)
        try activate()
    }
}
