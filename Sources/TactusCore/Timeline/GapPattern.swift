/// Gap click: the click plays `playBars`, is silent for `muteBars`, and repeats,
/// counting from bar 1. The grid keeps running (and scoring goes on) while silent.
public struct GapPattern: Hashable, Sendable {
    public var playBars: Int
    public var muteBars: Int

    public init(playBars: Int, muteBars: Int) {
        self.playBars = playBars
        self.muteBars = muteBars
    }

    /// Whether the click is silent in `bar` (count-in bars never are).
    public func isMuted(bar: Int) -> Bool {
        guard bar >= 1, muteBars > 0, playBars + muteBars > 0 else { return false }
        return (bar - 1) % (playBars + muteBars) >= playBars
    }
}
