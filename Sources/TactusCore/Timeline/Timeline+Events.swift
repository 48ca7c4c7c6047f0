extension Timeline {
    /// Sounding clicks with frames in `frames`: silent accents and muted gap bars
    /// are left out.
    public func clicks(in frames: Range<Int64>) -> [ClickEvent] {
        var events: [ClickEvent] = []
        forEachClick(in: frames) { events.append($0) }
        return events
    }

    /// Calls `body` for each sounding click in `frames`, in order, without
    /// collecting them.
    public func forEachClick(in frames: Range<Int64>, _ body: (ClickEvent) -> Void) {
        segments.withUnsafeBufferPointer { segments in
            var cursor = PulseCursor.seek(segments, atOrAfter: frames.lowerBound, kind: .click)
            while cursor.frame < frames.upperBound {
                let place = cursor.place(segments)
                let code = segments[cursor.segmentIndex].clickLevelCode(bar: place.bar, beat: place.beat, pulse: place.pulse)
                if code >= 0, let level = ClickLevel(rawValue: code) {
                    let position = GridPosition(bar: place.bar, beat: place.beat + 1, subdivision: place.pulse + 1)
                    body(ClickEvent(frame: cursor.frame, position: position, level: level))
                }
                cursor.advance(segments)
            }
        }
    }

    /// The sounding clicks of layer `index` (of `spec.layers`) in `frames`:
    /// none in the count-in or in bars the gap pattern mutes.
    public func layerClicks(_ index: Int, in frames: Range<Int64>) -> [LayerClick] {
        guard spec.layers.indices.contains(index) else { return [] }
        let layer = spec.layers[index].code
        var clicks: [LayerClick] = []
        segments.withUnsafeBufferPointer { segments in
            var cursor = LayerCursor.seek(segments, atOrAfter: frames.lowerBound, layer: layer)
            while cursor.frame < frames.upperBound {
                let place = cursor.place(segments)
                let level = layer.levelCode(note: place.note)
                if place.bar >= 1, !segments[cursor.segmentIndex].isGapMuted(bar: place.bar), let sound = ClickLevel(rawValue: level) {
                    clicks.append(LayerClick(frame: cursor.frame, bar: place.bar, beat: place.beat + 1, note: place.note + 1, level: sound))
                }
                cursor.advance(segments)
            }
        }
        return clicks
    }

    /// MIDI clock tick frames (24 per quarter note) in `frames`.
    public func clockTicks(in frames: Range<Int64>) -> [Int64] {
        var ticks: [Int64] = []
        segments.withUnsafeBufferPointer { segments in
            var cursor = PulseCursor.seek(segments, atOrAfter: frames.lowerBound, kind: .clock)
            while cursor.frame < frames.upperBound {
                ticks.append(cursor.frame)
                cursor.advance(segments)
            }
        }
        return ticks
    }
}
