import TactusEngine
import Testing
@testable import TactusJack

extension JackEngineHost {
    /// The four impulses the engine tests use as click sounds: one sample
    /// each, so an onset is the frame the click was placed on.
    static let impulses: [[Float]] = [[1.0], [0.5], [0.25], [0.125]]

    /// `tactus` on `server`, active, and expected past its first cycle
    /// within 10 s.
    static func started(on server: JackTestServer, sounds: [[Float]] = impulses, layerSounds: [[Float]] = []) throws -> JackEngineHost {
        let host = try JackEngineHost(name: "tactus", server: server.name, sounds: sounds, layerSounds: layerSounds)
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
    /// last ones; a stall of the cycles ends the wait.
    func pollEvents(until end: Int64, _ handle: ([EngineEvent]) -> Void) async throws {
        let frames = max(end - cycleFrame, 0) + 4 * Int64(bufferSize)
        try await TestWait.frames(frames, of: self).until("tactus's cycles past frame \(end)") {
            handle(drainEvents())
            return (lastCycleEnd ?? Int64.min) >= end
        }
        handle(drainEvents())
    }
}

extension JackEngineHost: JackCycleClock {
    /// The end of tactus's latest cycle (-1 before its first).
    var cycleFrame: Int64 { lastCycleEnd ?? -1 }
    var cycleClockName: String { "tactus's engine" }
}
