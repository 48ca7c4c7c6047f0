extension GapPattern: CustomStringConvertible {
    /// Parses `PLAY,MUTE`, e.g. `4,2`: four bars with the click, two without.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let play = Int(parts[0]), let mute = Int(parts[1]) else { return nil }
        self.init(playBars: play, muteBars: mute)
    }

    public var description: String { "\(playBars),\(muteBars)" }
}
