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
