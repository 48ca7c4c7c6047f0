import TactusCore
import TactusEngine

/// The control side of following the JACK transport (`tactus run --transport
/// follow`): it reads the engine's transport reports, plans a grid on the
/// master's beats and hands it to the engine, which keeps it on the
/// transport (see ``EngineTransport``).
///
/// A plan is one open-ended segment from the master's latest beat: tempo and
/// meter from the master (``TransportFollowGrid``), subdivision, accents and
/// gap from tactus' own settings. It is anchored in transport frames, so it
/// holds whenever the transport rolls from where it stood; a new plan is made
/// when the master moves the transport, changes tempo or meter (at most once
/// a beat, so a master's ramp is followed in steps of a beat), or when its
/// beats leave the planned grid.
///
/// Bars count the session, as in any other run: bar 1 is the first master
/// downbeat played (a bar begun mid-way is bar 0, clicked but not scored),
/// and later plans go on from the bar reached, keeping the master's beat of
/// the bar.
public struct TransportFollower {
    /// The click's subdivision, accents, gap and sample rate; its tempo and
    /// meter when no timebase master gives a position.
    public let spec: TimelineSpec
    /// A meter to click in when the master's bar is as long (6/8 for a 3/4 bar).
    public let preferred: (meter: Meter, beatUnit: BeatUnit)?
    /// The latest plan (0: none yet).
    public private(set) var generation: Int32 = 0
    /// Absolute minus transport frame of the latest plan, as last reported.
    public private(set) var offset: Int64 = 0
    /// The latest plan's segment in transport frames.
    public private(set) var planned: TimelineSegment?
    /// The first beat not played when the click last stopped.
    public private(set) var resumePosition: GridPosition?
    /// Whether a plan was adopted: the session's bar 1 is set.
    public private(set) var started = false
    var pending: TransportReport?
    /// When a report waits to be planned from (for the master's bar and beat
    /// right after a relocation, or for a beat since the last plan), the
    /// frame time it is looked at again: no new report need come to wake the
    /// control loop before then.
    public internal(set) var waitingUntil: Int64?
    var plannedAt: Int64 = .min
    var sawMaster = false
    var lastProblem: String?

    public init(spec: TimelineSpec, preferred: (meter: Meter, beatUnit: BeatUnit)? = nil) {
        self.spec = spec
        self.preferred = preferred
    }

    /// Makes the engine follow the transport, before the first plan.
    public static let start = EngineCommand.followTransport(true)

    /// Ends a followed session: the engine stops following, so that the
    /// stop is not refused as a pedal's is, then stops, and MIDI clock
    /// followers get Stop while the master rolls on.
    public static let end: [EngineCommand] = [.followTransport(false), .stop(at: .immediately)]

    /// Takes the engine's reports in order (handing all but the transport's
    /// to `control`) and plans the grid when the transport calls for it;
    /// `now` is the end of the engine's last cycle, from which on the
    /// commands reach it (cycle frames, as the reports count them, not
    /// JACK's wall-clock estimate, which runs ahead of cycles that come late).
    public mutating func handle(_ events: [EngineEvent], at now: Int64, control: inout SessionControl) -> SessionControl.Step {
        var step = SessionControl.Step()
        // The grid moves when the transport starts rolling; hits of that
        // cycle are stamped before the report, so move it first.
        for case .transport(let report) in events {
            if report.plan != 0, report.plan == generation, report.sample.offset != offset {
                _ = control.adopt(control.timeline.shifted(by: report.sample.offset - offset), fresh: false, cause: "transport")
                offset = report.sample.offset
            }
            pending = report
        }
        for event in events where event.transport == nil {
            step.absorb(control.handle([event]))
            if case .stopped(let frame) = event {
                resumePosition = Self.firstBeat(atOrAfter: frame, in: control.timeline)
            }
        }
        if let report = pending {
            step.absorb(follow(report, at: now, control: &control))
        }
        return step
    }

    /// Plans from `report` if it calls for a new grid: the engine holds none,
    /// or the master's tempo, meter or beats left the plan (a tempo change
    /// while playing waits until a beat after the last plan).
    mutating func follow(_ report: TransportReport, at now: Int64, control: inout SessionControl) -> SessionControl.Step {
        var step = SessionControl.Step()
        waitingUntil = nil
        let sample = report.sample
        if sample.bbt != nil {
            sawMaster = true
        } else if sawMaster && now - report.frame < Int64(spec.sampleRate / 10) {
            // Right after a relocation the master has not filled in bar and
            // beat yet: wait for them rather than click tactus' own grid.
            waitingUntil = report.frame + Int64(spec.sampleRate / 10)
            return step
        }
        let grid: TransportFollowGrid
        do {
            if let bbt = sample.bbt {
                grid = try TransportFollowGrid(bbt: bbt, transportFrame: sample.frame, sampleRate: spec.sampleRate, preferring: preferred)
            } else {
                grid = TransportFollowGrid(spec: spec, transportFrame: sample.frame)
            }
        } catch {
            pending = nil
            if lastProblem != error.description {
                lastProblem = error.description
                step.feedback = .message(error.description)
                // Nothing sensible to click: drop the plan, which stops the click.
                step.commands.append(Self.start)
                planned = nil
            }
            return step
        }
        lastProblem = nil
        // The engine dropped the latest plan (a relocation): plan again,
        // though the master's beats still lie on it. A report from before
        // the latest plan arrived names an older one.
        let disarmed = report.plan == 0 && report.latestPlan == generation
        if !disarmed, let planned {
            let sameTiming = planned.startMilliBPM == grid.tempo.milliBPM && planned.beatsPerBar == grid.beatsPerBar
                && planned.clockTicksPerBeat == (grid.beatUnit.clockTicksPerBeat ?? 24)
            if sameTiming && Self.lies(grid, on: planned) {
                pending = nil
                return step
            }
            let beat = planned.frame(beatNumerator: 1, denominator: 1) - planned.frame(beatNumerator: 0, denominator: 1)
            if control.playing && now - plannedAt < beat {
                waitingUntil = plannedAt + beat
                return step
            }
        }
        pending = nil
        return plan(grid, report: report, at: now, control: &control)
    }

    /// Makes plan `generation + 1` for `grid`, valid at the report's cycle.
    mutating func plan(
        _ grid: TransportFollowGrid, report: TransportReport, at now: Int64, control: inout SessionControl
    ) -> SessionControl.Step {
        var step = SessionControl.Step()
        var followSpec = spec
        followSpec.tempo = grid.tempo
        followSpec.meter = grid.meter
        followSpec.beatUnit = grid.beatUnit
        followSpec.countInBars = 0
        followSpec.changes = []
        guard let base = try? Timeline(spec: followSpec) else { return step }
        let offset = report.frame - report.sample.frame
        var segment = base.segments[base.segments.count - 1]
        segment.startWhole = offset + grid.anchorWhole
        segment.startFraction = grid.anchorFraction
        segment.firstBeatInBar = grid.beatInBar
        let timeline: Timeline
        if !started {
            segment.firstBar = grid.beatInBar == 0 && grid.isOnDownbeat ? 1 : 0
            let beatsToBarOne = segment.firstBar == 1 ? 0 : Int64(grid.beatsPerBar - grid.beatInBar)
            let barOne = segment.frame(beatNumerator: beatsToBarOne, denominator: 1)
            guard let start = try? Timeline(spec: followSpec, startFrame: barOne) else { return step }
            timeline = start.replacingTail(with: segment)
        } else {
            // Go on from the bar reached: the beat the plan starts on while
            // rolling on, else the first beat not played.
            let continuing = report.plan != 0 && report.sample.rolling && control.playing
            let reference = continuing || resumePosition == nil
                ? control.timeline.nearest(to: segment.frame(beatNumerator: 0, denominator: 1), subdivision: 1, swing: nil).position
                : resumePosition ?? GridPosition(bar: 1, beat: 1)
            segment.firstBar = grid.beatInBar + 1 >= reference.beat ? reference.bar : reference.bar + 1
            timeline = control.timeline.replacingTail(with: segment)
        }
        var planned = segment
        planned.startWhole -= offset
        self.planned = planned
        generation += 1
        self.offset = offset
        plannedAt = now
        step.absorb(control.adopt(timeline, fresh: !started, cause: "transport"))
        started = true
        step.commands = [
            .loadSegment(segment),
            .commitLoad(play: control.playing),
            .followTransportGrid(offset: offset, plan: generation),
        ]
        step.feedback = .message("following the transport: \(grid.meter) at \(grid.tempo) BPM")
        return step
    }

    /// Whether `grid`'s beat falls on a beat of `segment` (both in transport
    /// frames), within a tick, at the same beat of the bar.
    static func lies(_ grid: TransportFollowGrid, on segment: TimelineSegment) -> Bool {
        let anchor = Double(grid.anchorWhole) + grid.anchorFraction
        let beats = segment.beats(atFrame: grid.anchorWhole) - grid.anchorFraction * segment.startBeatsPerFrame
        let beat = floorToInt64(beats + 0.5)
        let ideal = segment.idealStart(afterBeats: beat)
        let tick = 60 * Double(segment.sampleRate) * 1000 / Double(segment.startMilliBPM) / 1920
        let perBar = Int64(segment.beatsPerBar)
        let inBar = ((Int64(segment.firstBeatInBar) + beat) % perBar + perBar) % perBar
        return abs(Double(ideal.whole) + ideal.fraction - anchor) <= tick && inBar == Int64(grid.beatInBar)
    }

    /// The first beat of `timeline` at or after `frame`.
    static func firstBeat(atOrAfter frame: Int64, in timeline: Timeline) -> GridPosition {
        let match = timeline.nearest(to: frame, subdivision: 1, swing: nil)
        var position = match.position
        if match.frame < frame {
            position.beat += 1
            if position.beat > timeline.beatsPerBar(bar: position.bar) {
                position.bar += 1
                position.beat = 1
            }
        }
        return position
    }
}
