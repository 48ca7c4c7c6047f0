import TactusCore

extension JackEngineHost {
    /// Most players a group session has: every player port is registered
    /// and its slot allocated before the client is activated.
    public static let maxPlayers = 16

    /// The short name of a player's input port: `player-NAME`.
    public static func playerPortName(_ player: String) -> String {
        "player-" + player
    }

    /// The playback latency of the click's path player `index` hears, in
    /// frames: the click's connections ``PlayerClickPath`` gives them, or
    /// the whole click path (``outputLatencyFrames()``) when that is all of
    /// it or none of it.
    public func clickLatencyFrames(player index: Int) -> Int64 {
        guard playerPorts.indices.contains(index),
              let click = try? client.connections(of: clickPort.name), !click.isEmpty else { return outputLatencyFrames() }
        let sources = playerPorts.map { (try? client.connections(of: $0.name)) ?? [] }
        let others = sources.indices.filter { $0 != index }.flatMap { sources[$0] }
        let heard = PlayerClickPath.destinations(click: click, sources: sources[index], othersSources: others)
        guard !heard.isEmpty, heard.count < click.count else { return outputLatencyFrames() }
        return Int64(client.playbackLatency(leaving: clickPort, into: heard).max)
    }
}
