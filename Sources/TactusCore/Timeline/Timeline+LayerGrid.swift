/// The timeline as the scorer sees it when it scores against a click layer
/// over the bar (`ScoringSettings.layer`): the layer's N clicks a bar are
/// its beats (`GridPosition.beat` 1…N, "the 2nd note of the 3"), each split
/// into the scoring subdivision's parts. Every frame comes from its
/// segment's exact start in closed form, as the layer's clicks do
/// (`LayerCursor`), so a hit on a layer click is 0 ms from it.
extension Timeline {
    /// Clicks a bar of layer `layer` when it is a layer over the bar of this
    /// timeline; nil otherwise (the main click is scored).
    public func layerClicksPerBar(_ layer: Int?) -> Int? {
        guard let layer, spec.layers.indices.contains(layer), spec.layers[layer].span == .bar else { return nil }
        return spec.layers[layer].count
    }

    /// The frame of `position` on layer `layer` (parts of `subdivision`).
    func frame(of position: GridPosition, subdivision: Int, layerClicks count: Int) -> Int64 {
        let parts = Int64(max(subdivision, 1))
        let pulses = Int64(count) * parts
        // The pulse's place in the bar: k N·S-ths of the bar.
        let k = Int64(position.beat - 1) * parts + Int64(position.subdivision - 1)
        let perBar = Int64(segments[segmentIndex(bar: position.bar)].beatsPerBar)
        // A bar may start in one segment and go on in another (a tempo
        // change on a beat): the main beat the pulse lies in picks it.
        let mainBeat = Int(floorDivision(k * perBar, pulses))
        let segment = segments[segmentIndex(bar: position.bar, beat: mainBeat + 1)]
        let toBar = Int64(position.bar - segment.firstBar) * Int64(segment.beatsPerBar) - Int64(segment.firstBeatInBar)
        return segment.frame(beatNumerator: toBar * pulses + k * Int64(segment.beatsPerBar), denominator: pulses)
    }

    /// The layer position nearest `frame`: the pulses of the layer either
    /// side of it, the nearer (the earlier on a tie).
    func nearest(to frame: Int64, subdivision: Int, layerClicks count: Int) -> GridMatch {
        let parts = max(subdivision, 1)
        let pulses = count * parts
        let index = segments.withUnsafeBufferPointer { TimelineSegment.index(in: $0, containing: frame) }
        let segment = segments[index]
        let perBar = Double(segment.beatsPerBar)
        let fromFirstBar = segment.beats(atFrame: frame) + Double(segment.firstBeatInBar)
        let bars = (fromFirstBar / perBar).rounded(.down)
        let pulse = Int(((fromFirstBar - bars * perBar) * Double(pulses) / perBar).rounded(.down))
        let bar = segment.firstBar + Int(bars)
        func position(_ pulse: Int) -> GridPosition {
            let bar = bar + Int(floorDivision(Int64(pulse), Int64(pulses)))
            let inBar = ((pulse % pulses) + pulses) % pulses
            return GridPosition(bar: bar, beat: inBar / parts + 1, subdivision: inBar % parts + 1)
        }
        var best = GridMatch(position: position(pulse), frame: 0, offsetFrames: Int64.max)
        for candidate in [pulse - 1, pulse, pulse + 1, pulse + 2] {
            let place = position(candidate)
            let candidateFrame = self.frame(of: place, subdivision: parts, layerClicks: count)
            let offset = frame - candidateFrame
            if offset.magnitude < best.offsetFrames.magnitude {
                best = GridMatch(position: place, frame: candidateFrame, offsetFrames: offset)
            }
        }
        return best
    }

    /// `a / b` rounded down (b > 0).
    private func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }
}

extension ScoringGrid {
    /// The scorer's grid queries, on layer `layer` when the grid has it
    /// (`layerClicksPerBar`), else on the main click.
    public func nearest(to frame: Int64, subdivision: Int, swing: Swing?, layer: Int?) -> GridMatch {
        if let timeline = self as? Timeline, let count = timeline.layerClicksPerBar(layer) {
            return timeline.nearest(to: frame, subdivision: subdivision, layerClicks: count)
        }
        return nearest(to: frame, subdivision: subdivision, swing: swing)
    }

    public func frame(of position: GridPosition, subdivision: Int, swing: Swing?, layer: Int?) -> Int64 {
        if let timeline = self as? Timeline, let count = timeline.layerClicksPerBar(layer) {
            return timeline.frame(of: position, subdivision: subdivision, layerClicks: count)
        }
        return frame(of: position, subdivision: subdivision, swing: swing)
    }

    public func beatsPerBar(bar: Int, layer: Int?) -> Int {
        (self as? Timeline)?.layerClicksPerBar(layer) ?? beatsPerBar(bar: bar)
    }

    /// The beat after the one `position` lies in, on layer `layer`.
    public func beat(after position: GridPosition, layer: Int?) -> GridPosition {
        position.beat < beatsPerBar(bar: position.bar, layer: layer)
            ? GridPosition(bar: position.bar, beat: position.beat + 1, subdivision: 1)
            : GridPosition(bar: position.bar + 1, beat: 1, subdivision: 1)
    }

    /// The position after `position` (parts of `subdivision`), on layer `layer`.
    public func position(after position: GridPosition, subdivision: Int, layer: Int?) -> GridPosition {
        position.subdivision < subdivision
            ? GridPosition(bar: position.bar, beat: position.beat, subdivision: position.subdivision + 1)
            : beat(after: position, layer: layer)
    }
}
