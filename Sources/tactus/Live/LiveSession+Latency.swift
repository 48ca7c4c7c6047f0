import TactusCore
import TactusEngine
import TactusSession
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
        step.absorb(control.portLatencies(
            clickOutputFrames: latencies.clickFrames, inputCaptureFrames: latencies.inputFrames, from: frame))
        guard control.players != nil else { return }
        for (index, port) in host.playerPorts.enumerated() {
            control.portLatencies(
                player: index, clickOutputFrames: host.clickLatencyFrames(player: index),
                inputCaptureFrames: host.captureLatencyFrames(feeding: port), from: frame)
        }
    }
}
