extension Timeline: ScoringGrid {
    /// Index of the segment holding beat `beat` (from 1) of `bar` (the first
    /// segment for earlier positions).
    ///
    /// A grid that follows a tempo map has a segment every few bars, started
    /// at regular places: the search starts where the bar would be if they
    /// were evenly spread and widens from there.
    func segmentIndex(bar: Int, beat: Int = 1) -> Int {
        let count = segments.count
        func startsBy(_ index: Int) -> Bool {
            (segments[index].firstBar, segments[index].firstBeatInBar) <= (bar, beat - 1)
        }
        guard count > 1, startsBy(1) else { return 0 }
        let firstBar = segments[0].firstBar
        let lastBar = segments[count - 1].firstBar
        var guess = 1
        if lastBar > firstBar, bar > firstBar {
            let spread = Double(bar - firstBar) / Double(lastBar - firstBar) * Double(count - 1)
            guess = Int(min(max(spread, 1), Double(count - 1)))
        }
        // The answer is in [low, high): segment low starts by the position,
        // segment high (if any) after it.
        var low: Int
        var high: Int
        var step = 1
        if startsBy(guess) {
            low = guess
            high = guess + 1
            while high < count, startsBy(high) {
                low = high
                step *= 2
                high = min(low + step, count)
            }
        } else {
            high = guess
            low = guess - 1
            while !startsBy(low) {
                high = low
                step *= 2
                low = max(high - step, 1)
            }
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if startsBy(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// `segmentIndex(bar:beat:)`, found at once when it is `hint` (the
    /// segment of a nearby position).
    func segmentIndex(bar: Int, beat: Int, near hint: Int) -> Int {
        let key = (bar, beat - 1)
        if segments.indices.contains(hint),
           hint == 0 || (segments[hint].firstBar, segments[hint].firstBeatInBar) <= key,
           hint + 1 == segments.count || !((segments[hint + 1].firstBar, segments[hint + 1].firstBeatInBar) <= key) {
            return hint
        }
        return segmentIndex(bar: bar, beat: beat)
    }

    /// The fraction of a beat at which part `subdivision` (from 1) of `parts` starts.
    func beatFraction(subdivision: Int, of parts: Int, swing: Swing?) -> (numerator: Int64, denominator: Int64) {
        if let swing, parts == 2, swing.long > 0, swing.short > 0 {
            return subdivision == 1 ? (0, 1) : (Int64(swing.long), Int64(swing.long + swing.short))
        }
        return (Int64(subdivision - 1), Int64(max(parts, 1)))
    }

    public func frame(of position: GridPosition, subdivision: Int, swing: Swing?) -> Int64 {
        frame(of: position, subdivision: subdivision, swing: swing, segment: segmentIndex(bar: position.bar, beat: position.beat))
    }

    /// The frame of `position`, which lies in segment `index`.
    func frame(of position: GridPosition, subdivision: Int, swing: Swing?, segment index: Int) -> Int64 {
        let segment = segments[index]
        let beatsInto = Int64(position.bar - segment.firstBar) * Int64(segment.beatsPerBar)
            + Int64(position.beat - 1 - segment.firstBeatInBar)
        let fraction = beatFraction(subdivision: position.subdivision, of: subdivision, swing: swing)
        return segment.frame(
            beatNumerator: beatsInto * fraction.denominator + fraction.numerator, denominator: fraction.denominator)
    }

    public func frame(ofBar bar: Int) -> Int64 {
        frame(of: GridPosition(bar: bar, beat: 1), subdivision: 1, swing: nil)
    }

    /// The position `beatsInto` beats (possibly negative) and part `part` from the
    /// start of segment `index`.
    func position(segment index: Int, beatsInto: Int64, part: Int) -> GridPosition {
        let segment = segments[index]
        let perBar = Int64(segment.beatsPerBar)
        let beatsInto = beatsInto + Int64(segment.firstBeatInBar)
        var bars = beatsInto / perBar
        var beat = beatsInto % perBar
        if beat < 0 {
            bars -= 1
            beat += perBar
        }
        return GridPosition(bar: segment.firstBar + Int(bars), beat: Int(beat) + 1, subdivision: part)
    }

    public func nearest(to frame: Int64, subdivision: Int, swing: Swing?) -> GridMatch {
        let parts = max(subdivision, 1)
        let index = segments.withUnsafeBufferPointer { TimelineSegment.index(in: $0, containing: frame) }
        let beats = segments[index].beats(atFrame: frame)
        let beat = floorToInt64(beats)
        // The candidates: the two parts of the beat (swung), or the pulses
        // either side of the frame; and the next beat.
        let first: GridPosition
        let second: GridPosition
        if let swing, parts == 2, swing.long > 0, swing.short > 0 {
            first = position(segment: index, beatsInto: beat, part: 1)
            second = position(segment: index, beatsInto: beat, part: 2)
        } else {
            func pulsePosition(_ pulse: Int64) -> GridPosition {
                var beatsInto = pulse / Int64(parts)
                var part = pulse % Int64(parts)
                if part < 0 {
                    beatsInto -= 1
                    part += Int64(parts)
                }
                return position(segment: index, beatsInto: beatsInto, part: Int(part) + 1)
            }
            let pulse = floorToInt64(beats * Double(parts))
            first = pulsePosition(pulse)
            second = pulsePosition(pulse + 1)
        }
        let third = position(segment: index, beatsInto: beat + 1, part: 1)
        var best = GridMatch(position: first, frame: 0, offsetFrames: Int64.max)
        closer(first, to: frame, parts: parts, swing: swing, near: index, than: &best)
        closer(second, to: frame, parts: parts, swing: swing, near: index, than: &best)
        closer(third, to: frame, parts: parts, swing: swing, near: index, than: &best)
        return best
    }

    /// Makes `candidate` the `best` match for `frame` when it is strictly nearer.
    private func closer(
        _ candidate: GridPosition, to frame: Int64, parts: Int, swing: Swing?, near segment: Int, than best: inout GridMatch
    ) {
        let index = segmentIndex(bar: candidate.bar, beat: candidate.beat, near: segment)
        let candidateFrame = self.frame(of: candidate, subdivision: parts, swing: swing, segment: index)
        let offset = frame - candidateFrame
        if offset.magnitude < best.offsetFrames.magnitude {
            best = GridMatch(position: candidate, frame: candidateFrame, offsetFrames: offset)
        }
    }

    public func beatsPerBar(bar: Int) -> Int {
        segments[segmentIndex(bar: bar)].beatsPerBar
    }

    public func isCountIn(bar: Int) -> Bool {
        bar < 1
    }

    public func isMuted(bar: Int) -> Bool {
        segments[segmentIndex(bar: bar)].isGapMuted(bar: bar)
    }

    /// The tempo at the downbeat of `bar`.
    public func tempo(atBar bar: Int) -> Tempo {
        let segment = segments[segmentIndex(bar: bar)]
        let beats = Double((bar - segment.firstBar) * segment.beatsPerBar - segment.firstBeatInBar)
        return Tempo(milliBPM: Int64(segment.milliBPM(atBeat: beats).rounded()))
    }
}
