extension LiveViewState {
    /// Adds one player's matched hit to their meter, forgetting the oldest
    /// beyond `recentHitLimit`.
    public mutating func recordPlayerHit(player: Int, offsetMs: Double) {
        guard playerNames.indices.contains(player), offsetMs.isFinite else { return }
        if playerRecentMs.count < playerNames.count {
            playerRecentMs += Array(repeating: [], count: playerNames.count - playerRecentMs.count)
        }
        playerRecentMs[player].append(offsetMs)
        let limit = max(recentHitLimit, 1)
        if playerRecentMs[player].count > limit {
            playerRecentMs[player].removeFirst(playerRecentMs[player].count - limit)
        }
    }

    /// The mean of a player's latest offsets, or nil before their first hit.
    public func playerMeanMs(_ player: Int) -> Double? {
        guard playerRecentMs.indices.contains(player), !playerRecentMs[player].isEmpty else { return nil }
        return playerRecentMs[player].reduce(0, +) / Double(playerRecentMs[player].count)
    }
}
