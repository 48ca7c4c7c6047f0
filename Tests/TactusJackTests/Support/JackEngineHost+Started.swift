import TactusEngine
import Testing
@testable import TactusJack

extension JackEngineHost {
    /// The four impulses the engine tests use as click sounds: one sample
    /// each, so an onset is the frame the click was placed on.
    static let impulses: [[Float]] = [[1.0], [0.5], [0.25], [0.125]]

    /// `tactus` on `server`, active, and expected past its first cycle
    /// within 10 s.
    static func started(on server: JackTestServer, sounds: [[Float]] = impulses) throws -> JackEngineHost {
        let host = try JackEngineHost(name: "tactus", server: server.name, sounds: sounds)
        try host.activate()
        #expect(host.waitForFirstCycle(timeout: .seconds(10)))
        return host
    }
}

extension JackMIDISender {
    /// A sender on `server` whose MIDI output plays into `tactus:input`.
    convenience init(intoTactusOn server: JackTestServer, capacity: Int = 4096) throws {
        try self.init(server: server.name, capacity: capacity)
        try client.connect(midiOutput.name, "tactus:input")
    }
}

extension JackEngineHost {
    /// Hands every report of the engine to `handle` until its cycles have
    /// passed `end` (the cycle counter, not the wall-clock estimate), then the
    /// last ones; throws after `timeout`.
    func pollEvents(until end: Int64, timeout: Duration = .seconds(60), _ handle: ([EngineEvent]) -> Void) async throws {
        let deadline = ContinuousClock.now + timeout
        while (lastCycleEnd ?? Int64.min) < end {
            guard ContinuousClock.now < deadline else {
                throw JackTestServerError("tactus: its cycles did not reach frame \(end) within \(timeout)")
            }
            handle(drainEvents())
            try await Task.sleep(for: .milliseconds(20))
        }
        handle(drainEvents())
    }
}
