extension Timeline {
    /// The timeline with another grid taking over at the downbeat of `bar`:
    /// everything before `bar` stays as it is, and from `frame` on `spec`
    /// plays (its tempo, meter, accents, changes and gap pattern, counted
    /// from `bar`) with the bar numbers carrying on. This is how a setlist
    /// preset takes over at a bar line (`frame` is then `frame(ofBar: bar)`)
    /// and how tap-and-go starts again after a stop (`frame` is where the
    /// taps say the next beat falls). Its count-in plays only with `countIn`,
    /// for a first start from bar 1: the count-in from `frame`, bar 1 after it.
    ///
    /// The result's `spec` is `spec`; from a later bar than 1, `startFrame`
    /// and `originFrame` are this timeline's, so hit times keep counting from
    /// the session's bar 1.
    /// - Throws: `SettingError` when `spec` is not a valid grid.
    public func continuing(
        with spec: TimelineSpec, fromBar bar: Int, at frame: Int64, soundBank: Int = 0, countIn: Bool = false
    ) throws(SettingError) -> Timeline {
        var plain = spec
        if !countIn { plain.countInBars = 0 }
        let next = try Timeline(spec: plain, startFrame: frame)
        let first = bar - plain.countInBars
        var kept = Array(segments.prefix { $0.firstBar < first })
        if var last = kept.popLast() {
            last.beatCount = Int64(first - last.firstBar) * Int64(last.beatsPerBar) - Int64(last.firstBeatInBar)
            if last.beatCount > 0 { kept.append(last) }
        }
        for var segment in next.segments {
            segment.firstBar += bar - 1
            segment.gapFirstBar = bar
            segment.soundBank = soundBank
            kept.append(segment)
        }
        var result = next
        result.segments = kept
        result.startFrame = min(startFrame, frame)
        result.originFrame = bar <= 1 ? next.originFrame : originFrame
        return result
    }
}
