/// Gap click: the click plays `playBars`, is silent for `muteBars`, and repeats,
/// counting from bar 1. The grid keeps running (and scoring goes on) while silent.
/// No bars with the click and some without is free time: silent from bar 1 on.
public struct GapPattern: Hashable, Sendable {
    public var playBars: Int
    public var muteBars: Int

    public init(playBars: Int, muteBars: Int) {
        self.playBars = playBars
        self.muteBars = muteBars
    }

    /// Bars a gap may play or mute; a pattern given plays at least one
    /// (`allowedPlayBars`), free time none.
    public static let allowedBars = 0...1000
    public static let allowedPlayBars = 1...allowedBars.upperBound

    /// Whether the pattern is one a setting or command may give.
    public var isAllowed: Bool { Self.allowedPlayBars.contains(playBars) && Self.allowedBars.contains(muteBars) }

    /// Free time: the click silent from bar 1 on (after the count-in).
    public static let free = GapPattern(playBars: 0, muteBars: 1)

    /// Whether the click is silent in `bar` (count-in bars never are).
    public func isMuted(bar: Int) -> Bool {
        guard bar >= 1, muteBars > 0 else { return false }
        return (bar - 1) % (playBars + muteBars) >= playBars
    }
}

extension GapPattern: CustomStringConvertible {
    /// Parses `PLAY,MUTE`, e.g. `4,2`: four bars with the click, two without.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let play = Int(parts[0]), let mute = Int(parts[1]) else { return nil }
        self.init(playBars: play, muteBars: mute)
    }

    public var description: String { "\(playBars),\(muteBars)" }
}
