import TactusCore

extension Engine {
    /// The position tactus publishes as timebase master for transport frame
    /// `frame`: the grid at absolute frame `originFrame + frame`, whatever
    /// frame the transport is asked about (a relocation by another client is
    /// answered from the same grid). Nil before a timeline is loaded.
    /// Realtime: O(segments).
    @_noLocks @_noAllocation
    public func transportBBT(atTransportFrame frame: Int64) -> TransportBBT? {
        guard hasTimeline else { return nil }
        return TransportBBT.at(frame: originFrame &+ frame, in: UnsafeBufferPointer(rebasing: segments[0..<segmentCount]))
    }

    /// Applies a `.leadTransport`, `.followTransport` or `.followTransportGrid` command.
    /// Realtime: sets flags.
    @_noLocks @_noAllocation
    mutating func applyTransport(_ command: EngineCommand) {
        switch command {
        case .leadTransport(let on):
            transport.leading = on
            transport.following = false
            transport.offset = nil
            transport.requestedOrigin = nil
        case .followTransport(let on):
            transport.following = on
            transport.leading = false
            transport.offset = nil
        case .followTransportGrid(let offset, let plan):
            transport.following = true
            transport.leading = false
            transport.offset = plan != 0 ? offset : nil
            transport.generation = plan
        default:
            break
        }
    }

    /// Following the transport, its master sets the tempo and the transport
    /// starts and stops the click: tempo, start, stop and resume commands
    /// (pedals, keys) are refused.
    /// Realtime: a switch.
    @_noLocks @_noAllocation
    func followingRefuses(_ command: EngineCommand) -> Bool {
        guard transport.following else { return false }
        switch command {
        case .setTempo, .start, .stop, .resume: return true
        default: return false
        }
    }

    /// The first frame of this cycle. Following a rolling transport with a
    /// grid on it, that is frame time as long as frame time and the
    /// transport keep their offset. JACK's frame time comes from the server's
    /// timer, which a process thread running late finds already at the next
    /// cycle, and a transport can stall for a cycle: for a cycle in which the
    /// two disagree, the cycle is placed by the transport, as its master
    /// places its own clicks. Only an offset that holds for a second cycle
    /// (the server skipped a cycle) moves the grid, and a jump of a quarter
    /// second or more is a relocation (`followTransport`).
    /// Realtime: compares this cycle's transport sample with the last.
    @_noLocks @_noAllocation
    mutating func followedCycleStart(frameTime: Int64) -> Int64 {
        let now = transport.now
        guard transport.following, let armed = transport.offset, let previous = transport.previous, hasTimeline,
              now.rolling, previous.rolling
        else {
            transport.heldOffset = nil
            return frameTime
        }
        let offset = frameTime &- now.frame
        let previousOffset = transport.previousCycleStart &- previous.frame
        var heldTwice = false
        if let held = transport.heldOffset { heldTwice = held == offset }
        if offset == armed || isRelocation(slip: offset &- previousOffset) || heldTwice {
            transport.heldOffset = nil
            return frameTime
        }
        transport.heldOffset = offset
        return now.frame &+ armed
    }

    /// Rolling on, a change of a quarter second or more in the offset between
    /// frame time and the transport is a relocation; less is a slip (an xrun)
    /// that the grid follows.
    /// Realtime: one comparison.
    @_noLocks @_noAllocation
    func isRelocation(slip: Int64) -> Bool {
        slip.magnitude >= UInt64(segments[0].sampleRate / 4)
    }

    /// Following, after the commands and before rendering: keeps the armed
    /// grid on the transport, starts and stops with it, and reports changes
    /// (rolling, relocation, the master's tempo or meter, the grid moving).
    /// Realtime: O(segments) when the grid moves, else O(1).
    @_noLocks @_noAllocation
    mutating func followTransport(at cycleStart: Int64) {
        guard transport.following else { return }
        let now = transport.now
        var changed = true
        if let reported = transport.reported { changed = now.hasOtherTiming(than: reported) }
        if let before = transport.previous {
            // Rolling, the transport frame keeps pace with frame time (also
            // into the cycle where it stops); stopped, it stays put. An xrun
            // can make the two slip apart by a few cycles: the grid then
            // moves with the transport; a bigger jump is a relocation.
            let slip = before.rolling
                ? (cycleStart &- now.frame) &- (transport.previousCycleStart &- before.frame)
                : now.frame &- before.frame
            let relocated = before.rolling ? isRelocation(slip: slip) : slip != 0
            if relocated {
                transport.offset = nil
                changed = true
            }
            if now.rolling != before.rolling { changed = true }
        }
        if now.rolling, let armed = transport.offset, hasTimeline {
            let actual = cycleStart &- now.frame
            if actual != armed {
                moveGrid(by: actual &- armed, at: cycleStart)
                transport.offset = actual
                changed = true
            }
            if !playing {
                startWithTransport(at: cycleStart)
                changed = true
            }
        } else if playing && isBeforeStop(cycleStart) {
            stopFrame = cycleStart
        }
        if changed {
            var report = now
            report.offset = transport.offset ?? cycleStart &- now.frame
            events.append(.transport(TransportReport(
                frame: cycleStart, sample: report, plan: transport.offset == nil ? 0 : transport.generation,
                latestPlan: transport.generation)))
            transport.reported = now
        }
        transport.previous = now
        transport.previousCycleStart = cycleStart
    }

    /// Moves the whole grid by `delta` frames and finds the next pulses.
    /// Realtime: O(segments).
    @_noLocks @_noAllocation
    mutating func moveGrid(by delta: Int64, at cycleStart: Int64) {
        shiftGrid(by: delta)
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        click = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .click)
        clock = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .clock)
    }

    /// Moves every segment and the origin by `delta` frames (a relocation
    /// or a resume); the cursors are the caller's to move or seek.
    /// Realtime: O(segments).
    @_noLocks @_noAllocation
    mutating func shiftGrid(by delta: Int64) {
        var index = 0
        while index < segmentCount {
            segments[index].startWhole &+= delta
            index += 1
        }
        originFrame &+= delta
        segmentsVersion &+= 1
    }

    /// Starts playing with the rolling transport. MIDI clock followers get
    /// Start when the master is at its bar 1 (or, without a master, the
    /// transport at frame 0), else the song position (in sixteenths, rounded
    /// down) and Continue, and ticks from here on.
    /// Realtime: two MIDI events into the cycle's preallocated list.
    @_noLocks @_noAllocation
    mutating func startWithTransport(at cycleStart: Int64) {
        playing = true
        stopFrame = nil
        clockRunning = false
        transport.clockFromRoll = false
        events.append(.started(frame: cycleStart))
        let now = transport.now
        let sixteenths: Int64
        if let bbt = now.bbt {
            let jackBeats = Double(bbt.bar - 1) * bbt.beatsPerBar + Double(bbt.beat - 1)
                + Double(bbt.tick) / bbt.ticksPerBeat
            let beatType = bbt.beatType >= 1 ? bbt.beatType : 4
            sixteenths = floorToInt64(jackBeats * 16 / beatType + 1e-9)
        } else {
            // tactus' own grid, bar 1 at transport frame 0 at one tempo.
            let segment = segments[click.segmentIndex]
            sixteenths = now.frame &* segment.startMilliBPM &* Int64(truncatingIfNeeded: segment.clockTicksPerBeat)
                / (6 &* 60_000 &* segment.sampleRate)
        }
        guard sixteenths > 0 else { return }
        continueClock(at: MIDISongPosition(clampingMIDIBeats: sixteenths))
        transport.clockFromRoll = true
    }

    /// Leading, at the end of the cycle: asks the transport to roll so that
    /// its frame 0 is bar 1 (locate and start, `startLeadCycles` ahead), to
    /// stop when playing stopped, and reports when it starts or stops rolling.
    /// Realtime: fills `request`, which the driver carries out with JACK's wait-free calls.
    @_noLocks @_noAllocation
    mutating func leadTransport(at cycleStart: Int64, frames: Int, request: inout TransportRequest) {
        if !playing { transport.clockFromRoll = false }
        guard transport.leading else { return }
        let now = transport.now
        if transport.wasPlaying && !playing {
            request.stop = true
            transport.requestedOrigin = nil
        }
        if playing && hasTimeline && stopFrame == nil && transport.requestedOrigin != originFrame {
            let target = cycleStart &+ EngineTransport.startLeadCycles &* Int64(truncatingIfNeeded: frames) &- originFrame
            if target >= 0 && target <= 0xFFFF_FFFF {
                request.locate = target
                request.start = true
                transport.requestedOrigin = originFrame
            }
        }
        if let previous = transport.previous, now.rolling != previous.rolling {
            var report = now
            report.offset = cycleStart &- now.frame
            events.append(.transport(TransportReport(frame: cycleStart, sample: report)))
        }
        transport.previous = now
        transport.previousCycleStart = cycleStart
        transport.wasPlaying = playing
    }
}
