import TactusCore
import TactusEngine
import TactusJack

extension LiveSession {
    /// Rereads JACK's latencies when the graph was reordered or latencies
    /// recomputed since the last look (JACK's callbacks only count and wake
    /// this thread); hits from now on, each player's too, are compensated with the new values.
    mutating func followLatencies(into step: inout SessionControl.Step) {
        let generation = host.latencyGeneration
        guard generation != latencyGeneration, let frame = host.frameTimeNow else { return }
        latencyGeneration = generation
        let latencies = host.latencies()
        step.absorb(control.jackLatencies(
            clickOutputFrames: latencies.clickFrames, inputCaptureFrames: latencies.inputFrames, from: frame))
        guard var group = players else { return }
        for (index, port) in host.playerPorts.enumerated() {
            _ = group.jackLatencies(
                player: index, clickOutputFrames: latencies.clickFrames,
                inputCaptureFrames: host.captureLatencyFrames(feeding: port), from: frame)
        }
        players = group
    }
}
