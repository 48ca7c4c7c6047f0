import TactusCore

/// The player's own pulse in a live session, followed hit by hit: in free
/// time (`run --free`) what the live view grades hits against and counts bars
/// by, and with a gap click the tempo held in the muted bars.
public struct SessionPulse: Sendable {
    /// One bar of the pulse that has ended: its figures against the pulse and
    /// the tempo held at its end.
    public struct Bar: Hashable, Sendable {
        public var bar: Int
        public var statistics: LiveStatistics
        public var bpm: Double?
    }

    public internal(set) var pulse: LivePulse
    /// Free time: hits are graded against the pulse, not the grid.
    public let free: Bool
    /// Figures of the session's hits against the pulse (free time).
    public internal(set) var session = OffsetStatistics()
    /// Figures of the bar being played against the pulse (free time).
    public internal(set) var bar = OffsetStatistics()
    /// The pulse's bar of the latest hit after the count-in.
    public internal(set) var barNumber: Int?
    let beatsPerBar: Int
    /// The session's first frame: the pulse counts seconds from it.
    let startFrame: Int64
    let sampleRate: Int

    /// Seeded with the grid's tempo and bar 1's downbeat; `free` without a
    /// count-in takes the player's first note as bar 1's downbeat instead.
    init(timeline: Timeline, tempo: Tempo, division: Int, free: Bool) {
        startFrame = timeline.startFrame
        sampleRate = timeline.sampleRate
        beatsPerBar = timeline.beatsPerBar(bar: 1)
        self.free = free
        let downbeat = Double(timeline.originFrame - timeline.startFrame) / Double(timeline.sampleRate)
        let countIn = timeline.originFrame > timeline.startFrame
        pulse = LivePulse(bpm: tempo.bpm, firstBeat: free && !countIn ? nil : downbeat, division: division)
    }

    /// Seconds from the session's start of a hit as played (latency taken out).
    func seconds(of hit: ScoredHit) -> Double {
        seconds(ofFrame: hit.gridFrame) + hit.offsetMs / 1000
    }

    /// Seconds from the session's start of `frame`.
    public func seconds(ofFrame frame: Int64) -> Double {
        Double(frame - startFrame) / Double(sampleRate)
    }

    /// Bar (from 1; 0 and below before it) and beat (from 1) of the pulse at
    /// `seconds`; bar 1 and no beat (0) while free time waits for the first note.
    public func position(at seconds: Double) -> (bar: Int, beat: Int) {
        guard pulse.hasStarted else { return (1, 0) }
        let number = pulse.beatNumber(at: seconds)
        let bars = number >= 0 ? number / beatsPerBar : (number - beatsPerBar + 1) / beatsPerBar
        return (bars + 1, number - bars * beatsPerBar + 1)
    }

    /// The bar being played, as it stands, when the session ends in it
    /// (free time; nil without hits in it).
    mutating func closeBar() -> Bar? {
        guard free, let current = barNumber, bar.hits > 0 else { return nil }
        defer { bar = OffsetStatistics() }
        return Bar(bar: current, statistics: LiveStatistics(bar), bpm: pulse.bpm)
    }

    /// Follows the pulse through `hit`; in free time returns the hit graded
    /// against the pulse and the bar that ended with it, if one did.
    mutating func hear(_ hit: ScoredHit, windows: TimingWindows) -> (hit: ScoredHit, ended: Bar?) {
        let time = seconds(of: hit)
        let weight = hit.levelDb == nil ? Double(hit.velocity) / 127 : 1
        let offset = pulse.hear(time: time, weight: weight)
        guard free else { return (hit, nil) }
        var graded = hit
        graded.offsetMs = offset
        graded.grade = windows.grade(offsetMs: offset, subdivisionMs: pulse.period * 1000 / Double(pulse.division))
        guard !hit.countIn else { return (graded, nil) }
        let bar = position(at: time).bar
        var ended: Bar?
        if let current = barNumber, bar > current {
            ended = Bar(bar: current, statistics: LiveStatistics(self.bar), bpm: pulse.bpm)
            self.bar = OffsetStatistics()
        }
        if bar >= (barNumber ?? bar) { barNumber = bar }
        self.bar.addMatched(offsetMs: offset, grade: graded.grade, position: hit.position, gridTimeS: time)
        session.addMatched(offsetMs: offset, grade: graded.grade, position: hit.position, gridTimeS: time)
        return (graded, ended)
    }
}
