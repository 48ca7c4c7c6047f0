import TactusCore

extension Engine {
    /// Realtime: O(segments) at most (a load or a tempo change).
    @_noLocks @_noAllocation
    mutating func apply(_ command: EngineCommand, at cycleStart: Int64) {
        if followingRefuses(command) {
            refusedCommands &+= 1
            return
        }
        switch command {
        case .loadSegment(let segment):
            if stagingCount < Self.segmentCapacity {
                staging[stagingCount] = segment
                stagingCount += 1
            } else {
                refusedCommands &+= 1
            }
        case .loadLayer(let layer):
            if stagedLayerCount < ClickLayer.capacity {
                stagedLayers[stagedLayerCount] = layer
                stagedLayerCount += 1
            } else {
                refusedCommands &+= 1
            }
        case .commitLoad(let play):
            commitLoad(play: play, at: cycleStart)
        case .setTempo(let milliBPM, let rampBeats, let timing, let cause):
            changeTempo(to: milliBPM, rampBeats: rampBeats, at: timing, cause: cause, cycleStart: cycleStart)
        case .start:
            if hasTimeline && !playing {
                playing = true
                events.append(.started(frame: click.frame))
            }
        case .stop(let timing):
            if playing {
                stopFrame = boundary(timing, at: cycleStart).frame
            }
        case .resume:
            if hasTimeline && !playing { resumePending = true }
        case .mute(let on):
            muted = on
            events.append(.muted(on, frame: cycleStart))
        case .clockWhileStopped(let on):
            clockWhileStopped = on
        case .mark(let tag):
            events.append(.marked(frame: cycleStart, tag: tag))
        case .randomMute(let seed, let threshold):
            beatMuteSeed = seed
            beatMuteThreshold = threshold
        case .leadTransport, .followTransport, .followTransportGrid:
            applyTransport(command)
        }
    }

    /// Replaces the timeline with the staged segments and seeks both cursors;
    /// a timeline loaded while playing that asks to play keeps the click
    /// ringing and the clock running (a preset taking over at a bar line).
    /// Realtime: copies the staged segments, O(segments).
    @_noLocks @_noAllocation
    mutating func commitLoad(play: Bool, at cycleStart: Int64) {
        guard stagingCount > 0 else { return }
        var index = 0
        while index < stagingCount {
            segments[index] = staging[index]
            index += 1
        }
        segmentCount = stagingCount
        stagingCount = 0
        hasTimeline = true
        // Layers loaded with it replace those before; a grid loaded without
        // any (a transport master's, a preset's) keeps them.
        if stagedLayerCount > 0 {
            index = 0
            while index < stagedLayerCount {
                layers[index] = LayerCursor(layer: stagedLayers[index], segmentIndex: 0, numerator: 0, frame: Int64.min)
                index += 1
            }
            layerCount = stagedLayerCount
            stagedLayerCount = 0
        }
        segmentsVersion &+= 1
        originFrame = segments[0].frame(beatNumerator: 0, denominator: 1)
        index = 0
        while index < segmentCount {
            if segments[index].firstBar >= 1 {
                originFrame = segments[index].frame(beatNumerator: 0, denominator: 1)
                break
            }
            index += 1
        }
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        click = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .click)
        clock = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .clock)
        events.append(.loaded(segments[0]))
        if play && playing {
            // A timeline that continues the one playing (a preset taking over
            // at a bar line): keep the click ringing and the clock running.
            return
        }
        player.silence()
        layerPlayer.silence()
        clockRunning = false
        stopFrame = nil
        playing = play
        if play {
            events.append(.started(frame: click.frame))
        }
    }

    /// The next beat (or downbeat) at or after the click cursor, as a segment
    /// index, beats into that segment and its frame.
    /// Realtime: integer arithmetic on the click cursor.
    @_noLocks @_noAllocation
    func boundary(_ timing: CommandTiming, at cycleStart: Int64) -> (segment: Int, beats: Int64, frame: Int64) {
        let segment = segments[click.segmentIndex]
        let perBeat = Int64(truncatingIfNeeded: segment.subdivision)
        var beats = (click.pulseIndex + perBeat - 1) / perBeat
        switch timing {
        case .immediately:
            return (click.segmentIndex, beats, cycleStart)
        case .nextBeat:
            break
        case .nextBar:
            let perBar = Int64(truncatingIfNeeded: segment.beatsPerBar)
            let into = (Int64(truncatingIfNeeded: segment.firstBeatInBar) + beats) % perBar
            if into != 0 { beats += perBar - into }
        }
        if !segment.isOpenEnded && beats >= segment.beatCount && click.segmentIndex + 1 < segmentCount {
            let next = segments[click.segmentIndex + 1]
            return (click.segmentIndex + 1, 0, next.frame(beatNumerator: 0, denominator: 1))
        }
        return (click.segmentIndex, beats, segment.frame(beatNumerator: beats, denominator: 1))
    }

    /// Splits the timeline at the next beat or bar and continues at
    /// `milliBPM` (or ramps to it over `rampBeats`), dropping any later
    /// planned segments; `cause` goes with the report.
    /// Realtime: writes at most two segments in place.
    @_noLocks @_noAllocation
    mutating func changeTempo(
        to milliBPM: Int64, rampBeats: Int64, at timing: CommandTiming, cause: Int32, cycleStart: Int64
    ) {
        guard hasTimeline, milliBPM >= 20_000, milliBPM <= 400_000 else {
            refusedCommands &+= 1
            return
        }
        let at: (segment: Int, beats: Int64, frame: Int64)
        switch timing {
        case .nextBar: at = boundary(.nextBar, at: cycleStart)
        case .immediately, .nextBeat: at = boundary(.nextBeat, at: cycleStart)
        }
        if at.segment + 3 > Self.segmentCapacity {
            refusedCommands &+= 1
            return
        }
        let current = segments[at.segment]
        let fromMilliBPM = rampBeats > 0 ? floorToInt64(current.milliBPM(atBeat: Double(at.beats)) + 0.5) : milliBPM
        let next = current.continuation(
            afterBeats: at.beats, fromMilliBPM: fromMilliBPM, toMilliBPM: milliBPM, rampBeats: rampBeats)
        var count = at.segment
        if at.beats > 0 {
            segments[at.segment].beatCount = at.beats
            count += 1
        }
        segments[count] = next
        count += 1
        if !next.isOpenEnded {
            segments[count] = next.continuation(
                afterBeats: next.beatCount, fromMilliBPM: milliBPM, toMilliBPM: milliBPM, rampBeats: 0)
            count += 1
        }
        segmentCount = count
        segmentsVersion &+= 1
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        if click.segmentIndex >= segmentCount { click.segmentIndex = segmentCount - 1 }
        if clock.segmentIndex >= segmentCount { clock.segmentIndex = segmentCount - 1 }
        click.normalise(all)
        clock.normalise(all)
        events.append(.tempoChanged(frame: next.frame(beatNumerator: 0, denominator: 1), segment: next, cause: cause))
    }

    /// Moves the whole grid so that playing resumes, now, at the next sixteenth
    /// after where it stopped, and tells clock followers where that is
    /// (Song Position Pointer, then Continue).
    /// Realtime: the clock cursor steps at most five ticks to a sixteenth's
    /// phase (six ticks each) before the grid moves.
    @_noLocks @_noAllocation
    mutating func resume(at cycleStart: Int64) {
        resumePending = false
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        clock = stoppedClock
        var ticks = clockTicksSinceOrigin()
        while ticks % 6 != 0 {
            clock.advance(all)
            ticks += 1
        }
        let delta = cycleStart &- clock.frame
        shiftGrid(by: delta)
        clock.frame &+= delta
        click = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .click)
        continueClock(at: MIDISongPosition(clampingMIDIBeats: ticks / 6))
        playing = true
        events.append(.resumed(frame: cycleStart, first: segments[0]))
    }

    /// Tells clock followers to carry on from `position` at the cycle's first
    /// frame: Song Position Pointer, then Continue; ticks follow.
    /// Realtime: two MIDI events into the cycle's preallocated list.
    @_noLocks @_noAllocation
    mutating func continueClock(at position: MIDISongPosition) {
        midiOut.append(RawMIDIEvent(frame: 0, songPosition: position))
        midiOut.append(RawMIDIEvent(frame: 0, realtime: .continue))
        clockRunning = true
    }

    /// MIDI clock ticks from bar 1 to the clock cursor (negative in the count-in).
    /// Realtime: O(segments).
    @_noLocks @_noAllocation
    func clockTicksSinceOrigin() -> Int64 {
        var ticks = clock.pulseIndex
        var index = 0
        var origin = 0
        while index < segmentCount {
            if segments[index].firstBar >= 1 && origin == 0 { origin = index }
            index += 1
        }
        index = 0
        while index < clock.segmentIndex {
            let segment = segments[index]
            let perBeat = Int64(truncatingIfNeeded: segment.clockTicksPerBeat)
            ticks += index >= origin ? segment.beatCount * perBeat : 0
            index += 1
        }
        if clock.segmentIndex < origin {
            // Still in the count-in: count back from the origin.
            var back: Int64 = 0
            index = clock.segmentIndex
            while index < origin {
                back += segments[index].beatCount * Int64(truncatingIfNeeded: segments[index].clockTicksPerBeat)
                index += 1
            }
            return clock.pulseIndex - back
        }
        return ticks
    }
}
