import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// Rereads JACK's latencies when the graph was reordered or latencies
    /// recomputed since the last look (JACK's callbacks only count and wake
    /// this thread) and hands them to the session control, which compensates
    /// hits from now on with them.
    mutating func followLatencies(into step: inout SessionControl.Step) {
        let generation = host.latencyGeneration
        guard generation != latencyGeneration, let frame = host.frameTimeNow else { return }
        latencyGeneration = generation
        step.absorb(control.portLatencies(Self.portLatencies(host), from: frame))
    }

    /// JACK's latencies of the session's input and of each player's (the
    /// click's path they hear and what feeds their port): the one place they are read.
    static func portLatencies(_ host: JackEngineHost) -> PortLatencies {
        let session = host.latencies()
        return PortLatencies(
            session: PortLatencies.Input(clickOutputFrames: session.clickFrames, inputCaptureFrames: session.inputFrames),
            players: host.playerPorts.indices.map { index in
                PortLatencies.Input(
                    clickOutputFrames: host.clickLatencyFrames(player: index),
                    inputCaptureFrames: host.captureLatencyFrames(feeding: host.playerPorts[index]))
            })
    }
}
